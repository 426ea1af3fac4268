import { fileURLToPath } from 'node:url';
import { DEFAULT_QUOTAS, type QuotaOptions } from './quotas.ts';
import { DEFAULT_GROUP_COMMIT_MS } from './runner/group-commit.ts';

/**
 * How the server is started: environment first, the command line (`--port`, `--host`,
 * `--workers`) wins.
 */
export interface Config {
  readonly port: number;
  readonly host: string;
  /** SQLite and room snapshots (and a local Redis's data); created on first start. */
  readonly dataDir: string;
  /** The built web client. */
  readonly clientDir: string;
  /** Server processes sharing the port (`--workers`, `WORKERS`); 1 is today's single process. */
  readonly workers: number;
  /** `REDIS_URL`: live rooms shared through this Redis (cluster mode). */
  readonly redisUrl?: string;
  /** `DATABASE_URL`: history and leaderboards in this PostgreSQL instead of SQLite. */
  readonly databaseUrl?: string;
  /** `ALLOW_VOLATILE_REDIS=1`: a cluster may run on a Redis without persistence. */
  readonly allowVolatileRedis: boolean;
  /**
   * `QUOTA_SOCKETS`, `QUOTA_CREATES`, `QUOTA_LOOKUPS`, `QUOTA_DAILY_STARTS`, `QUOTA_DAILY_MOVES`,
   * `TRUST_PROXY=1` (`quotas.ts`).
   */
  readonly quotas: QuotaOptions;
  /**
   * `REDIS_SERVER`: the binary started as a local Redis when `workers` > 1 and no `redisUrl`
   * is given (default `redis-server`, looked up on PATH).
   */
  readonly redisServer: string;
  /**
   * `GROUP_COMMIT_MS`: the shortest time between two SQLite transactions of moves (in a
   * cluster, between two sends of commits to Redis), 0–100 ms (default
   * `DEFAULT_GROUP_COMMIT_MS`, 4; 0: one per event-loop turn).
   */
  readonly groupCommitMs: number;
}

/** `./data` beside the server package, whatever the working directory. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../data', import.meta.url));
export const DEFAULT_CLIENT_DIR = fileURLToPath(new URL('../../client/dist', import.meta.url));
export const MAX_WORKERS = 64;
/** A longer window would hold acks back noticeably. */
export const MAX_GROUP_COMMIT_MS = 100;

export type ConfigResult = { ok: true; config: Config } | { ok: false; message: string };

type Env = Record<string, string | undefined>;

export function readConfig(
  env: Env = process.env,
  argv: readonly string[] = process.argv.slice(2),
): ConfigResult {
  const portText = optionOf(argv, '--port') ?? env.PORT ?? '3000';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    return { ok: false, message: `port must be an integer 0–65535, got "${portText}"` };
  }
  const workers = readWorkers(env, argv);
  if (typeof workers === 'string') return { ok: false, message: workers };
  const redisUrl = checkUrl('REDIS_URL', env.REDIS_URL, ['redis:', 'rediss:']);
  if (redisUrl?.ok === false) return redisUrl;
  const quotas = readQuotas(env);
  if (typeof quotas === 'string') return { ok: false, message: quotas };
  const groupCommitMs = readGroupCommit(env.GROUP_COMMIT_MS);
  if (typeof groupCommitMs === 'string') return { ok: false, message: groupCommitMs };
  const databaseUrl = checkUrl('DATABASE_URL', env.DATABASE_URL, ['postgres:', 'postgresql:']);
  if (databaseUrl?.ok === false) return databaseUrl;
  if (databaseUrl && !redisUrl && workers === 1) return { ok: false, message: DATABASE_ALONE };
  return {
    ok: true,
    config: {
      port,
      host: optionOf(argv, '--host') ?? env.HOST ?? '0.0.0.0',
      dataDir: env.DATA_DIR ?? DEFAULT_DATA_DIR,
      clientDir: env.CLIENT_DIR ?? DEFAULT_CLIENT_DIR,
      workers,
      ...(redisUrl && { redisUrl: redisUrl.url }),
      ...(databaseUrl && { databaseUrl: databaseUrl.url }),
      redisServer: env.REDIS_SERVER || 'redis-server',
      allowVolatileRedis: env.ALLOW_VOLATILE_REDIS === '1',
      quotas,
      groupCommitMs,
    },
  };
}

/** `GROUP_COMMIT_MS`: a whole number of ms, 0–100 (the default when unset); else the message. */
function readGroupCommit(text: string | undefined): number | string {
  if (text === undefined || text === '') return DEFAULT_GROUP_COMMIT_MS;
  const ms = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
  return ms <= MAX_GROUP_COMMIT_MS
    ? ms
    : `GROUP_COMMIT_MS must be a whole number of ms from 0 to ${MAX_GROUP_COMMIT_MS}, got "${text}"`;
}

/**
 * PostgreSQL keeps the history of a cluster (finished races reach it from Redis); one process
 * keeps rooms and history in one SQLite transaction and has no such path. Said at once rather
 * than ignored (a banner naming PostgreSQL over a SQLite history would mislead).
 */
export const DATABASE_ALONE =
  'DATABASE_URL is for cluster mode: set REDIS_URL too, or start with --workers N (which starts ' +
  'a local Redis); a single process keeps its history in SQLite under DATA_DIR';

/** The quotas from the environment (defaults for unset ones); the message for a bad value. */
function readQuotas(env: Env): QuotaOptions | string {
  const read = (name: string, fallback: number): number | string => {
    const text = env[name];
    if (text === undefined || text === '') return fallback;
    const n = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
    return n >= 1 ? n : `${name} must be a whole number ≥ 1, got "${text}"`;
  };
  const socketsPerAddress = read('QUOTA_SOCKETS', DEFAULT_QUOTAS.socketsPerAddress);
  const createsPerMinute = read('QUOTA_CREATES', DEFAULT_QUOTAS.createsPerMinute);
  const lookupsPerMinute = read('QUOTA_LOOKUPS', DEFAULT_QUOTAS.lookupsPerMinute);
  const dailyStartsPerMinute = read('QUOTA_DAILY_STARTS', DEFAULT_QUOTAS.dailyStartsPerMinute);
  const dailyMovesPerMinute = read('QUOTA_DAILY_MOVES', DEFAULT_QUOTAS.dailyMovesPerMinute);
  const values = [
    socketsPerAddress,
    createsPerMinute,
    lookupsPerMinute,
    dailyStartsPerMinute,
    dailyMovesPerMinute,
  ];
  for (const value of values) if (typeof value === 'string') return value;
  return {
    socketsPerAddress: socketsPerAddress as number,
    createsPerMinute: createsPerMinute as number,
    lookupsPerMinute: lookupsPerMinute as number,
    dailyStartsPerMinute: dailyStartsPerMinute as number,
    dailyMovesPerMinute: dailyMovesPerMinute as number,
    trustProxy: env.TRUST_PROXY === '1',
  };
}

/** `--workers N` (or `WORKERS`): a whole number 1–64; else the message naming where it came from. */
function readWorkers(env: Env, argv: readonly string[]): number | string {
  const flag = argv.some((arg) => arg === '--workers' || arg.startsWith('--workers='));
  const text = flag ? (optionOf(argv, '--workers') ?? '') : env.WORKERS;
  if (text === undefined || (!flag && text === '')) return 1;
  const workers = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
  if (workers >= 1 && workers <= MAX_WORKERS) return workers;
  return `${flag ? '--workers' : 'WORKERS'} must be a whole number 1–${MAX_WORKERS}, got "${text}"`;
}

type UrlCheck = { ok: true; url: string } | { ok: false; message: string };

/** An absent or empty variable is no URL; a present one must parse and use one of `schemes`. */
function checkUrl(name: string, text: string | undefined, schemes: string[]): UrlCheck | undefined {
  if (text === undefined || text === '') return undefined;
  const expected = schemes.map((s) => `${s}//`).join(' or ');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: `${name} is not a URL (expected ${expected}…), got "${text}"` };
  }
  if (!schemes.includes(url.protocol)) {
    return {
      ok: false,
      message: `${name} must start with ${expected}, got "${redactUrl(text)}"`,
    };
  }
  if (url.hostname === '') {
    return { ok: false, message: `${name} names no host, got "${redactUrl(text)}"` };
  }
  return { ok: true, url: text };
}

/** The URL with its password replaced by `***`, for printing; anything unparsable as is. */
export function redactUrl(text: string): string {
  try {
    const url = new URL(text);
    if (url.password === '') return text;
    url.password = '***';
    return url.href;
  } catch {
    return text;
  }
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
