import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../support/redis.ts';
import { withCpus } from './pinning.ts';

/**
 * The real race server in its own process (`node --import tsx packages/server/src/main.ts`:
 * the same as `tsx src/main.ts`, but one process whose pid is the server's own), on a free
 * port with a fresh temporary DATA_DIR — or, as one node of a cluster, with the DATA_DIR and
 * `REDIS_URL` its siblings share (`ServerProcessOptions`).
 */
export interface ServerProcess {
  readonly url: string;
  readonly pid: number;
  /** Its `GET /healthz` JSON, and how long the answer took (a proxy for event-loop lag). */
  health(): Promise<{ body: Health; rttMs: number }>;
  /** Resident set size and CPU seconds used so far, from /proc (Linux); undefined elsewhere. */
  usage(): { rssBytes: number; cpuSec: number } | undefined;
  /**
   * The server's event-loop delay since the last reset, and its memory, read by the probe
   * loaded into it (`probe.ts`); `reset` then restarts the histogram.
   */
  probe(reset?: boolean): Promise<ProbeReading>;
  /** The last lines the server printed, for error reports. */
  output(): string;
  /** How many lines the server has printed (stdout and stderr) since it started. */
  lines(): number;
  /** SIGKILL, as a crashed machine would: no shutdown, no goodbye to clients or Redis. */
  kill(): void;
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  /** Extra environment, e.g. `REDIS_URL` for cluster mode. */
  readonly env?: Readonly<Record<string, string>>;
  /** A DATA_DIR shared with other nodes (kept on stop); default a fresh temp dir, removed. */
  readonly dataDir?: string;
  /** Run it (and whatever it starts) on these cores only (`taskset -c`; `--pin`). */
  readonly cpus?: string;
}

/** The fields of `/healthz` the load test reads; every one is optional. */
export interface Health {
  readonly ok?: boolean;
  /** `workers`: a `--workers` primary's answer, the sums of its workers' (each in `nodes`). */
  readonly mode?: string;
  readonly nodes?: readonly { readonly worker?: number; readonly pid?: number }[];
  readonly rooms?: number;
  readonly players?: number;
  /** Moves counted since start: accepted (judged once) and answered as duplicates. */
  readonly moves?: { readonly accepted?: number; readonly duplicates?: number };
  /** Durations of the commits that appended one move (each before its ack), µs. */
  readonly store?: {
    readonly moveAppend?: {
      count: number;
      moves?: number;
      p50Us: number;
      p99Us: number;
      maxUs: number;
    };
  };
}

/** What `probe.mjs` answers: event-loop delay since the last reset (ms), memory (bytes). */
export interface ProbeReading {
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  readonly rss: number;
  readonly heapUsed: number;
}

const ROOT = new URL('../../', import.meta.url);
const START_TIMEOUT_MS = 60_000;

export async function startServer(
  entry = 'packages/server/src/main.ts',
  nodeArgs: readonly string[] = [],
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'percent-load-'));
  const child = spawnServer(entry, nodeArgs, options.cpus, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // Every simulated player connects from 127.0.0.1.
    QUOTA_SOCKETS: '1000000',
    QUOTA_CREATES: '1000000',
    QUOTA_LOOKUPS: '1000000',
    ...options.env,
  });
  let output = '';
  let lines = 0;
  const keep = (chunk: Buffer): void => {
    const text = chunk.toString();
    output = (output + text).slice(-4000);
    for (const ch of text) if (ch === '\n') lines++;
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    pid: child.pid!,
    health: () => health(url),
    usage: () => processUsage(child.pid!),
    output: () => output,
    lines: () => lines,
    probe: (reset = false) => readProbe(child, reset),
    kill: () => child.kill('SIGKILL'),
    stop: async () => {
      await stop(child);
      if (options.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    await waitForHealth(server, child);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

/** `node --import tsx --import probe.mjs ENTRY` with `env` over this process's environment. */
function spawnServer(
  entry: string,
  nodeArgs: readonly string[],
  cpus: string | undefined,
  env: Readonly<Record<string, string>>,
): ChildProcess {
  const probe = new URL('./probe.mjs', import.meta.url).href;
  const [command, args] = withCpus(cpus, process.execPath, [
    ...nodeArgs,
    '--import',
    'tsx',
    '--import',
    probe,
    entry,
  ]);
  return spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
}

async function health(url: string): Promise<{ body: Health; rttMs: number }> {
  const started = performance.now();
  const response = await fetch(`${url}/healthz`);
  if (!response.ok) throw new Error(`GET /healthz answered ${response.status}`);
  const body = (await response.json()) as Health;
  return { body, rttMs: performance.now() - started };
}

async function waitForHealth(server: ServerProcess, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the server exited with code ${child.exitCode}:\n${server.output()}`);
    try {
      await server.health();
      return;
    } catch {
      if (Date.now() > deadline)
        throw new Error(
          `the server did not answer /healthz within ${START_TIMEOUT_MS} ms:\n${server.output()}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** A process's resident set size and CPU seconds so far, from /proc; undefined elsewhere. */
export function processUsage(pid: number): { rssBytes: number; cpuSec: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    // Fields 14 and 15 of /proc/PID/stat (after the parenthesised name): utime, stime in ticks.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { rssBytes: rssKb * 1024, cpuSec: ticks / 100 };
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds so far of a process and everything it started (a `--workers` primary: its
 * workers), with the Redis servers among them apart; undefined when `pid` is gone.
 */
export function treeUsage(pid: number): { cpuSec: number; redisCpuSec: number } | undefined {
  const own = processUsage(pid);
  if (!own) return undefined;
  let cpuSec = own.cpuSec;
  let redisCpuSec = 0;
  for (const child of descendantsOf(pid)) {
    const used = processUsage(child)?.cpuSec ?? 0;
    if (commandOf(child) === 'redis-server') redisCpuSec += used;
    else cpuSec += used;
  }
  return { cpuSec, redisCpuSec };
}

/** Every process below `pid` (Linux /proc). */
function descendantsOf(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  const found: number[] = [];
  const below = (parent: number): void => {
    for (const [child, of] of parents)
      if (of === parent) {
        found.push(child);
        below(child);
      }
  };
  below(pid);
  return found;
}

function commandOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return undefined;
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

function readProbe(child: ChildProcess, reset: boolean): Promise<ProbeReading> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server probe did not answer')), 10_000);
    const onMessage = (message: unknown): void => {
      if (typeof message !== 'object' || message === null || !('probe' in message)) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(message.probe as ProbeReading);
      if (reset) child.send('probe:reset');
    };
    child.on('message', onMessage);
    child.send('probe:read');
  });
}
