/**
 * A throwaway Redis for tests and load tests: `redis-server` (Debian's package) on a free
 * loopback port with its data in a temp dir (append-only file, fsync on every write), so a
 * restart keeps what was written and a kill -9 loses nothing acknowledged. `hasRedis` says
 * whether the binary is installed (`.ci/run` installs it; elsewhere the tests skip).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { freePort, waitForPort } from '../../packages/server/src/launch/ports.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const REDIS_SERVER = process.env.REDIS_SERVER ?? 'redis-server';
export const hasRedis = spawnSync(REDIS_SERVER, ['--version']).status === 0;

export interface TestRedis {
  readonly url: string;
  readonly port: number;
  /** The running redis-server's pid (changes on restart; undefined while stopped). */
  readonly pid: number | undefined;
  /** SIGTERM (Redis saves, then exits) and start again on the same port and data. */
  restart(): Promise<void>;
  /** Stops it (SIGTERM) without starting again; `start` brings it back. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its data. */
  close(): Promise<void>;
}

/** `cpus`: run it on these cores only (taskset's list, e.g. "0"; the load test's `--pin`). */
export async function startRedis({ cpus }: { cpus?: string } = {}): Promise<TestRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'percent-redis-'));
  let child: ChildProcess | undefined;
  const start = async () => {
    const args = [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--save',
      '',
      '--appendonly',
      'yes',
      '--appendfsync',
      'always',
      '--protected-mode',
      'no',
    ];
    child =
      cpus === undefined
        ? spawn(REDIS_SERVER, args, { stdio: 'ignore' })
        : spawn('taskset', ['-c', cpus, REDIS_SERVER, ...args], { stdio: 'ignore' });
    await waitForPort(port, 10_000);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    get pid() {
      return child?.exitCode === null ? child.pid : undefined;
    },
    start,
    stop,
    restart: async () => {
      await stop();
      await start();
    },
    close: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export { freePort, waitForPort };
