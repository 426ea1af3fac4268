/**
 * A flood leaves honest play alone (issue 21): 20 sockets from one address that fire events
 * until the server cuts them off and connect again at once, for 60 s (`FLOOD_MS` shortens it
 * for a quick run), against the server as `pnpm start` runs it, in a process of its own. A
 * clean client's `room:sync` stays fast throughout, and the server logs the flood once a
 * minute per address, not once per cut.
 */
import { spawn } from 'node:child_process';
import { PROTOCOL_VERSION, type SeatReply } from '@percent/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../load/server-process.ts';
import { connect, expectOk, newDeviceId } from './harness.ts';

const FLOOD_MS = Number(process.env.FLOOD_MS ?? 60_000);
const FLOODERS = 20;

let server: ServerProcess;
beforeAll(async () => {
  server = await startServer('packages/server/src/main.ts', [], { env: { LOG_LEVEL: 'info' } });
}, 90_000);
afterAll(() => server?.stop());

/** Runs the flooders' process; resolves with how many connections they made. */
function flooders(url: string): Promise<number> {
  const script = new URL('./flooder.ts', import.meta.url).pathname;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', script, url, String(FLOODERS), String(FLOOD_MS)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0
        ? resolve((JSON.parse(out) as { connections: number }).connections)
        : reject(new Error(`flooders exited ${code}`)),
    ),
  );
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

describe('a flood of reconnecting sockets', () => {
  it(
    `keeps a clean client's sync under 100 ms at p99 and the log under 1,000 lines`,
    async () => {
      const clean = await connect(server.url, { protocol: PROTOCOL_VERSION });
      expectOk<SeatReply>(
        await clean.call('room:create', { nickname: 'Clean', deviceId: newDeviceId() }),
      );
      const linesBefore = server.lines();
      const flood = flooders(server.url);
      const times: number[] = [];
      const end = Date.now() + FLOOD_MS;
      while (Date.now() < end) {
        const started = performance.now();
        expectOk(await clean.call('room:sync', {}));
        times.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      const connections = await flood;
      const logged = server.lines() - linesBefore;
      times.sort((a, b) => a - b);
      const p99 = percentile(times, 99);
      console.log(
        `flood: ${connections} flooder connections in ${FLOOD_MS} ms; clean sync p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms over ${times.length}; ${logged} log lines`,
      );
      expect(connections).toBeGreaterThan(FLOODERS); // they did reconnect, again and again
      expect(p99).toBeLessThan(100);
      expect(logged).toBeLessThan(1000);
      clean.close();
    },
    FLOOD_MS + 60_000,
  );
});
