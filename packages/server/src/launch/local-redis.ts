/**
 * The Redis that `--workers N` starts when no `REDIS_URL` is given: `redis-server` on a free
 * loopback port, its data in `<DATA_DIR>/redis` (append-only file, `appendfsync everysec`: Redis
 * writes each command to the file before it answers — unless the disk falls so far behind that
 * it postpones writes, for at most 2 s — and fsyncs once a second; so a crash of a worker or of
 * Redis loses nothing acknowledged, and a power loss of the machine, which stops the workers too,
 * may lose the last second: the durability a single process gives its moves with SQLite's
 * `synchronous = NORMAL`. An fsync per write cost Redis twice the CPU per move; BENCHMARKS.md),
 * in its own process group so a terminal's Ctrl-C reaches only the primary, which stops Redis
 * after the workers have closed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { freePort, waitForPort } from './ports.ts';

export interface LocalRedis {
  readonly url: string;
  readonly pid: number;
  /** Where its append-only file, pid file and log live. */
  readonly dir: string;
  /** SIGTERM, then SIGKILL if it has not exited within `STOP_TIMEOUT_MS`. */
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 10_000;
const STOP_TIMEOUT_MS = 10_000;

/** Whether `command` runs as a Redis server binary (`--version` succeeds). */
export function canRunRedis(command: string): boolean {
  const probe = spawnSync(command, ['--version'], { encoding: 'utf8', timeout: 5000 });
  return probe.status === 0 && probe.stdout.includes('Redis server');
}

export async function startLocalRedis(command: string, dataDir: string): Promise<LocalRedis> {
  const dir = resolve(dataDir, 'redis');
  mkdirSync(dir, { recursive: true });
  await stopOrphanedRedis(dir);
  const port = await freePort();
  const child = spawn(command, redisArgs(dir, port), { stdio: 'ignore', detached: true });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('error', () => undefined); // a spawn failure shows up as the early exit below
  const started = await Promise.race([
    waitForPort(port, START_TIMEOUT_MS).then(
      () => true,
      () => false,
    ),
    exited.then(() => false),
  ]);
  if (!started || child.pid === undefined) {
    child.kill('SIGKILL');
    throw new Error(
      `${command} did not start on 127.0.0.1:${port} (see ${join(dir, 'redis.log')})`,
    );
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    pid: child.pid,
    dir,
    stop: () => stopChild(child, exited),
  };
}

function redisArgs(dir: string, port: number): string[] {
  return [
    ...['--port', String(port), '--bind', '127.0.0.1', '--protected-mode', 'yes'],
    ...['--dir', dir, '--save', '', '--appendonly', 'yes', '--appendfsync', 'everysec'],
    ...['--pidfile', join(dir, 'redis.pid'), '--logfile', join(dir, 'redis.log')],
  ];
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/**
 * A primary killed with SIGKILL leaves its Redis running on the same data; two servers on one
 * append-only file would corrupt it. A Redis still running in `dir` whose parent has died
 * (re-parented away from a Percent primary) is stopped first; one whose primary is alive is
 * another running Percent, refused. Linux only (/proc); elsewhere nothing is checked.
 */
async function stopOrphanedRedis(dir: string): Promise<void> {
  const pid = runningRedisIn(dir);
  if (pid === undefined) return;
  const parent = Number(readProc(`/proc/${pid}/stat`)?.split(') ')[1]?.split(' ')[1]);
  const parentCommand = readProc(`/proc/${parent}/cmdline`) ?? '';
  if (parentCommand.includes('main.ts')) {
    throw new Error(`another Percent (pid ${parent}) is running its Redis in ${dir}`);
  }
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (existsSync(`/proc/${pid}`) && Date.now() < deadline) await sleep(50);
  if (existsSync(`/proc/${pid}`)) process.kill(pid, 'SIGKILL');
}

/** The pid in `dir/redis.pid` if that process is alive and works in `dir` (Redis chdirs there). */
function runningRedisIn(dir: string): number | undefined {
  const pid = Number(readProc(join(dir, 'redis.pid'))?.trim());
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    return readlinkSync(`/proc/${pid}/cwd`) === dir ? pid : undefined;
  } catch {
    return undefined;
  }
}

function readProc(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
