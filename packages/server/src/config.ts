import { fileURLToPath } from 'node:url';

/** How the server is started: environment first, `--port` on the command line wins. */
export interface Config {
  readonly port: number;
  readonly host: string;
  /** SQLite and room snapshots; created on first start. */
  readonly dataDir: string;
  /** The built web client. */
  readonly clientDir: string;
}

/** `./data` beside the server package, whatever the working directory. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../data', import.meta.url));
export const DEFAULT_CLIENT_DIR = fileURLToPath(new URL('../../client/dist', import.meta.url));

export type ConfigResult = { ok: true; config: Config } | { ok: false; message: string };

export function readConfig(
  env: Record<string, string | undefined> = process.env,
  argv: readonly string[] = process.argv.slice(2),
): ConfigResult {
  const portText = optionOf(argv, '--port') ?? env.PORT ?? '3000';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    return { ok: false, message: `port must be an integer 0–65535, got "${portText}"` };
  }
  return {
    ok: true,
    config: {
      port,
      host: optionOf(argv, '--host') ?? env.HOST ?? '0.0.0.0',
      dataDir: env.DATA_DIR ?? DEFAULT_DATA_DIR,
      clientDir: env.CLIENT_DIR ?? DEFAULT_CLIENT_DIR,
    },
  };
}

/** `--name value` or `--name=value`. */
function optionOf(argv: readonly string[], name: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === name) return argv[i + 1];
    if (arg.startsWith(`${name}=`)) return arg.slice(name.length + 1);
  }
  return undefined;
}
