import QRCode from 'qrcode';
import { redactUrl } from '../config.ts';
import { lanUrls } from '../lan.ts';

/** What runs where, printed once by the process that owns the port. */
export interface Banner {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  /** 1 for the single process; else the `--workers` count. */
  readonly workers: number;
  readonly workerPids?: readonly number[];
  readonly redis?: { readonly url: string; readonly localDir?: string };
  readonly databaseUrl?: string;
  readonly restoredRooms: number;
}

export async function printBanner(banner: Banner): Promise<void> {
  const urls = lanUrls(banner.port, banner.host);
  console.log(`Percent is running on http://localhost:${banner.port}  (data: ${banner.dataDir})`);
  console.log(`  mode: ${modeOf(banner)}`);
  if (banner.workerPids) console.log(`  worker pids: ${banner.workerPids.join(', ')}`);
  if (banner.restoredRooms > 0)
    console.log(`  restored ${banner.restoredRooms} room(s) from the last run`);
  for (const url of urls) console.log(`  join on your LAN: ${url}`);
  if (urls[0]) console.log(await QRCode.toString(urls[0], { type: 'terminal', small: true }));
}

/** e.g. "4 workers, Redis at redis://127.0.0.1:40123 (started here, …), history in SQLite (…)". */
export function modeOf(banner: Banner): string {
  const parts = [banner.workers === 1 ? '1 process' : `${banner.workers} workers`];
  if (banner.redis) {
    const local = banner.redis.localDir && ` (started here, data in ${banner.redis.localDir})`;
    parts.push(`Redis at ${redactUrl(banner.redis.url)}${local ?? ''}`);
  }
  parts.push(
    banner.databaseUrl
      ? `history in PostgreSQL (${redactUrl(banner.databaseUrl)})`
      : `history in SQLite (${banner.dataDir})`,
  );
  return parts.join(', ');
}
