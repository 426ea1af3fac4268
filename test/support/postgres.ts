/**
 * A throwaway PostgreSQL for tests and load tests: Debian's `postgresql` package (its binaries
 * in /usr/lib/postgresql/<version>/bin) run on a free loopback port with its cluster in a temp
 * dir, trusting every local connection and never syncing to disk (fast; a crash of the machine
 * loses it, which a test does not mind). PostgreSQL refuses to run as root: as root the
 * cluster belongs to the `postgres` OS user. `hasPostgres` says whether the binaries are
 * installed (`.ci/run` installs them; elsewhere the tests skip).
 */
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './redis.ts';

const run = promisify(execFile);

/** The newest installed PostgreSQL's bin folder (`POSTGRES_BIN` overrides), if any. */
export const POSTGRES_BIN = process.env.POSTGRES_BIN ?? newestInstalled('/usr/lib/postgresql');
export const hasPostgres = POSTGRES_BIN !== undefined;
/** The superuser and database the tests connect as and to. */
const ROLE = 'percent';
const STOP_TIMEOUT_MS = 10_000;
const READY_TIMEOUT_MS = 15_000;

export interface TestPostgres {
  /** postgres://percent@127.0.0.1:<port>/percent (no password: local connections are trusted). */
  readonly url: string;
  readonly port: number;
  /** A new, empty database on this server (`name`: letters, digits, _): its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server (fast shutdown: sessions are ended) and keeps its data; `start` again. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its data. */
  close(): Promise<void>;
}

export async function startPostgres(): Promise<TestPostgres> {
  if (POSTGRES_BIN === undefined) throw new Error('PostgreSQL is not installed');
  const bin = (name: string) => join(POSTGRES_BIN, name);
  const owner = clusterOwner();
  const dir = mkdtempSync(join(tmpdir(), 'percent-postgres-'));
  const data = join(dir, 'data');
  const port = await freePort();
  let child: ChildProcess | undefined;
  try {
    if (owner) chownSync(dir, owner.uid, owner.gid);
    await runAs(owner, dir, bin('initdb'), [
      ...['-D', data, '-U', ROLE, '--auth=trust', '-E', 'UTF8', '--locale=C'],
      ...['--no-sync', '--no-instructions'],
    ]);
    const start = async () => {
      child = launch(owner, dir, bin('postgres'), [
        ...['-D', data, '-p', String(port), '-k', dir],
        ...['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'],
        ...['-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
      ]);
      await waitUntilReady(child, bin('pg_isready'), port);
    };
    const stop = async () => {
      const running = child;
      child = undefined;
      if (running) await shutDown(running);
    };
    const createDatabase = async (name: string) => {
      if (!/^\w+$/.test(name)) throw new Error(`not a database name: ${name}`);
      await run(bin('createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', ROLE, name]);
      return `postgres://${ROLE}@127.0.0.1:${port}/${name}`;
    };
    await start();
    const url = await createDatabase(ROLE);
    const close = async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    };
    return { url, port, createDatabase, stop, start, close };
  } catch (error) {
    if (child) await shutDown(child);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Runs SQL on the database at `url` with `psql` (what a test changes behind a store's back). */
export async function psql(url: string, sql: string): Promise<string> {
  if (POSTGRES_BIN === undefined) throw new Error('PostgreSQL is not installed');
  const args = ['-X', '-At', '-v', 'ON_ERROR_STOP=1', '-d', url, '-c', sql];
  const { stdout } = await run(join(POSTGRES_BIN, 'psql'), args);
  return stdout.trim();
}

interface Owner {
  readonly uid: number;
  readonly gid: number;
}

/** Root runs the cluster as `postgres`; anyone else as themselves (undefined). */
function clusterOwner(): Owner | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres']).stdout.toString());
  const uid = id('-u');
  const gid = id('-g');
  if (!Number.isInteger(uid) || uid <= 0)
    throw new Error('running as root, and there is no `postgres` user to run PostgreSQL as');
  return { uid, gid };
}

function runAs(owner: Owner | undefined, cwd: string, file: string, args: string[]) {
  return run(file, args, { cwd, ...owner, env: { ...process.env, LC_ALL: 'C' } });
}

/**
 * Starts the server with a watchdog: should this process die without `close` (a killed test
 * run), the watchdog stops the server (immediate shutdown) and removes its folder within a
 * second or two, so nothing is left running.
 */
function launch(owner: Owner | undefined, dir: string, file: string, args: string[]) {
  const child = spawn(file, args, {
    cwd: dir,
    ...owner,
    env: { ...process.env, LC_ALL: 'C' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4_000)));
  child.once('exit', (code, signal) => {
    if (code !== 0 && signal === null) child.emit('failed', log);
  });
  const watchdog = `while kill -0 "$1" 2>/dev/null; do kill -0 "$2" 2>/dev/null || exit 0; sleep 1; done
kill -QUIT "$2" 2>/dev/null; sleep 2; rm -rf "$3"`;
  spawn('sh', ['-c', watchdog, 'watchdog', String(process.pid), String(child.pid), dir], {
    detached: true,
    stdio: 'ignore',
  }).unref();
  return child;
}

async function waitUntilReady(child: ChildProcess, pgIsReady: string, port: number) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let failure: string | undefined;
  child.once('failed', (log: string) => (failure = log));
  for (;;) {
    if (failure !== undefined || child.exitCode !== null)
      throw new Error(`PostgreSQL did not start on port ${port}:\n${failure ?? ''}`);
    const ready = spawnSync(pgIsReady, ['-q', '-h', '127.0.0.1', '-p', String(port)]);
    if (ready.status === 0) return;
    if (Date.now() > deadline) throw new Error(`PostgreSQL not ready on 127.0.0.1:${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Fast shutdown (SIGINT ends the sessions; SIGTERM would wait for them), then immediate. */
async function shutDown(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  const timer = setTimeout(() => child.kill('SIGQUIT'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

function newestInstalled(root: string): string | undefined {
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(root, versions[0], 'bin');
}
