/**
 * `pnpm start --workers N` as a user runs it: the real `main.ts` in its own process
 * (`node --import tsx`, so the pid is the primary's own and a signal reaches it directly), on a
 * free port with a fresh DATA_DIR, starting its own Redis. Polling and WebSocket clients go
 * through the primary's port; a killed worker comes back; SIGTERM stops every process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  PROTOCOL_VERSION,
  ROOM_QUERY,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@percent/protocol';
import { Redis } from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { freePort, hasRedis, REDIS_SERVER } from '../support/redis.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = join(ROOT, 'packages/server/src/main.ts');
const dirs: string[] = [];
const running: Launched[] = [];
/** A test that failed half-way still stops its server: SIGTERM (it stops its Redis), then SIGKILL. */
afterEach(async () => {
  for (const launched of running.splice(0)) {
    if (launched.child.exitCode !== null || launched.child.signalCode !== null) continue;
    launched.child.kill('SIGTERM');
    const timer = setTimeout(() => launched.child.kill('SIGKILL'), 10_000);
    await launched.exited;
    clearTimeout(timer);
  }
});
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

interface Launched {
  readonly child: ChildProcess;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything printed so far, stdout and stderr together. */
  output(): string;
}

function launch(args: string[], env: Record<string, string> = {}): Launched {
  const dataDir = mkdtempSync(join(tmpdir(), 'percent-workers-'));
  dirs.push(dataDir);
  // What a user's shell may have set must not change the mode under test.
  const {
    REDIS_URL: _r,
    DATABASE_URL: _d,
    WORKERS: _w,
    PORT: _p,
    VITEST: _v,
    ...base
  } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    cwd: ROOT,
    env: { ...base, DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output += chunk.toString());
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const launched = { child, exited, output: () => output };
  running.push(launched);
  return launched;
}

/** Resolves with the output once it matches; rejects with the output after `timeoutMs`. */
async function waitForOutput(launched: Launched, pattern: RegExp, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(launched.output())) {
    if (Date.now() > deadline || launched.child.exitCode !== null)
      throw new Error(`no ${pattern} in:\n${launched.output()}`);
    await sleep(100);
  }
  return launched.output();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('pnpm start --workers, refusals', () => {
  it('refuses --workers 2 without REDIS_URL when redis-server cannot run, saying how', async () => {
    const port = await freePort();
    const launched = launch(['--workers', '2', '--port', String(port)], {
      REDIS_SERVER: '/nonexistent/redis-server',
    });
    expect(await launched.exited).toEqual({ code: 1, signal: null });
    const output = launched.output();
    expect(output).toContain(
      'Percent: --workers 2 shares the rooms between the workers through Redis, but REDIS_URL is',
    );
    expect(output).toContain('"/nonexistent/redis-server" cannot be run');
    expect(output).toContain('  REDIS_URL=redis://127.0.0.1:6379 pnpm start --workers 2');
    expect(output).toContain('install redis-server');
    expect(output).not.toContain('Percent is running');
  }, 30_000);

  it('refuses a bad worker count naming the flag and the value', async () => {
    const launched = launch(['--workers', '65']);
    expect(await launched.exited).toEqual({ code: 1, signal: null });
    expect(launched.output().trim()).toBe(
      'Percent: --workers must be a whole number 1–64, got "65"',
    );
  }, 30_000);
});

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Connects over one transport only and asks for an empty history (a handled, acked event). */
async function historyOver(url: string, transport: 'polling' | 'websocket', n: number) {
  const socket: Client = io(url, {
    transports: [transport],
    auth: { protocol: PROTOCOL_VERSION },
    reconnection: false,
    forceNew: true,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const reply = await socket
      .timeout(10_000)
      .emitWithAck('history:get', { deviceId: `workers-${transport}-${n}` });
    return { transport: socket.io.engine.transport.name, reply };
  } finally {
    socket.close();
  }
}

/** A connected client over one transport, naming `room` in its handshake when given. */
async function connectTo(url: string, transport: 'polling' | 'websocket', room?: string) {
  const socket: Client = io(url, {
    transports: [transport],
    auth: { protocol: PROTOCOL_VERSION },
    reconnection: false,
    forceNew: true,
    ...(room !== undefined && { query: { [ROOM_QUERY]: room } }),
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Pids whose parent is `pid` (Linux /proc); zombies count as gone. */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      const stat = readProc(`/proc/${entry}/stat`);
      const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
      return fields?.[0] !== 'Z' && Number(fields?.[1]) === pid;
    })
    .map(Number);
}

/** The pids among `pids` whose command name (/proc/PID/comm) is `name`. */
function named(pids: number[], name: string): number[] {
  return pids.filter((pid) => readProc(`/proc/${pid}/comm`)?.trim() === name);
}

function alive(pid: number): boolean {
  const stat = readProc(`/proc/${pid}/stat`);
  return (
    stat !== undefined && stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z'
  );
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function readProc(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

interface NodeHealth {
  readonly worker: number;
  readonly ok: boolean;
  readonly pid?: number;
  readonly mode?: string;
  readonly reason?: string;
}

/** The primary's `/healthz`: its status and body. */
async function healthOf(url: string) {
  const response = await fetch(`${url}/healthz`);
  const body = (await response.json()) as Record<string, unknown> & {
    readonly ok: boolean;
    readonly nodes: readonly NodeHealth[];
  };
  return { status: response.status, body };
}

describe.skipIf(!hasRedis)(
  `pnpm start --workers 2 with its own Redis${hasRedis ? '' : ` (skipped: ${REDIS_SERVER} is missing; .ci/run installs redis-server)`}`,
  () => {
    it('serves HTTP, polling and WebSocket through one port, revives a killed worker, and stops every process on SIGTERM', async () => {
      // --port 0: the primary binds a free port and names it (the workers learn it from it).
      const launched = launch(['--workers', '2', '--port', '0']);
      const banner = await waitForOutput(launched, /worker pids: \d+, \d+\n/);
      const port = Number(/Percent is running on http:\/\/localhost:(\d+) /.exec(banner)?.[1]);
      expect(port).toBeGreaterThan(0);
      const url = `http://127.0.0.1:${port}`;
      expect(banner).toMatch(
        /mode: 2 workers, Redis at redis:\/\/127\.0\.0\.1:\d+ \(started here, data in .*\/redis\), history in SQLite/,
      );
      const workerPids = /worker pids: (\d+), (\d+)/.exec(banner)!.slice(1).map(Number);
      const redisPort = Number(/Redis at redis:\/\/127\.0\.0\.1:(\d+)/.exec(banner)![1]);
      const primary = launched.child.pid!;
      // tsx may run an esbuild service beside them: only node and redis-server children count.
      const children = childrenOf(primary);
      expect(named(children, 'node').sort()).toEqual([...workerPids].sort());
      expect(named(children, 'redis-server')).toHaveLength(1);

      // /healthz is the primary's: the box as a whole, each worker's own answer in `nodes`.
      const health = await healthOf(url);
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({ ok: true, mode: 'workers', workers: 2, rooms: 0 });
      expect(health.body.nodes.map((node) => [node.worker, node.ok, node.mode])).toEqual([
        [1, true, 'cluster'],
        [2, true, 'cluster'],
      ]);
      expect(health.body.nodes.map((node) => node.pid).sort()).toEqual([...workerPids].sort());

      // Several polling sessions at once: least-connection spreads them over both workers, and
      // each session's later requests must reach the worker that opened it.
      const clients = [0, 1, 2, 3, 4, 5].map((n) =>
        historyOver(url, n % 3 === 2 ? 'websocket' : 'polling', n),
      );
      for (const [n, answer] of (await Promise.all(clients)).entries()) {
        expect(answer.transport).toBe(n % 3 === 2 ? 'websocket' : 'polling');
        expect(answer.reply).toEqual({ ok: true, entries: [] });
      }

      // Many clients one after the other: every handed-off connection keeps every byte (the
      // primary used to read and drop a client's first frame after the 101 now and then).
      for (let n = 100; n < 200; n++) {
        const transport = n % 4 === 0 ? 'polling' : 'websocket';
        expect((await historyOver(url, transport, n)).reply, `client ${n}`).toEqual({
          ok: true,
          entries: [],
        });
      }

      // A worker killed outright is replaced (logged, after the back-off), the service answers.
      process.kill(workerPids[0]!, 'SIGKILL');
      // 500 ms after an early death, at once after a long life (unit-tested in launch.test.ts).
      await waitForOutput(launched, /worker 1 died \(SIGKILL\); restarting in (0|500) ms/, 10_000);
      // Meanwhile the box is still up (the other worker serves), and says which one is not.
      const meanwhile = await healthOf(url);
      expect([meanwhile.status, meanwhile.body.ok]).toEqual([200, true]);
      const first = meanwhile.body.nodes.find((node) => node.worker === 1);
      expect([first?.ok, first?.pid]).toEqual([false, undefined]);
      expect(['restarting', 'starting']).toContain(first?.reason);
      const deadline = Date.now() + 60_000;
      const workersNow = () => named(childrenOf(primary), 'node');
      while (workersNow().length < 2 && Date.now() < deadline) await sleep(100);
      const revived = childrenOf(primary);
      expect(named(revived, 'node')).toHaveLength(2);
      expect(named(revived, 'node')).toContain(workerPids[1]);
      expect(revived).not.toContain(workerPids[0]);
      for (const n of [10, 11, 12, 13])
        expect((await historyOver(url, 'polling', n)).reply).toEqual({ ok: true, entries: [] });
      // The new worker 1 counts again once it is ready (it takes no connection before that).
      let after = await healthOf(url);
      while (!after.body.nodes.every((node) => node.ok) && Date.now() < deadline) {
        await sleep(200);
        after = await healthOf(url);
      }
      expect(after.body.nodes.map((node) => node.ok)).toEqual([true, true]);
      expect(after.body.nodes.map((node) => node.pid)).not.toContain(workerPids[0]);

      const started = Date.now();
      launched.child.kill('SIGTERM');
      const exit = await launched.exited;
      expect(exit, launched.output()).toEqual({ code: 0, signal: null });
      expect(Date.now() - started).toBeLessThan(10_000);
      for (const pid of new Set([...children, ...revived]))
        expect(alive(pid), `pid ${pid} still runs`).toBe(false);
      expect(await accepts(port)).toBe(false);
      expect(await accepts(redisPort)).toBe(false);
    }, 120_000);

    it('hands a connection that names its room to the worker running it: nothing is forwarded', async () => {
      const launched = launch(['--workers', '2', '--port', '0']);
      const banner = await waitForOutput(launched, /worker pids: \d+, \d+\n/);
      const url = `http://127.0.0.1:${/running on http:\/\/localhost:(\d+) /.exec(banner)![1]}`;
      const redis = new Redis(`redis://${/Redis at redis:\/\/([\d.:]+)/.exec(banner)![1]}`);
      // Node-to-node requests (a command for a room another worker runs) are Redis PUBLISHes.
      const published = async () =>
        Number(/cmdstat_publish:calls=(\d+)/.exec(await redis.info('commandstats'))?.[1] ?? 0);
      const sockets: Client[] = [];
      try {
        const host = await connectTo(url, 'websocket');
        sockets.push(host);
        const created = (await host.timeout(10_000).emitWithAck('room:create', {
          nickname: 'Ana',
          deviceId: 'routes-host-0001',
        })) as { ok: boolean; view: { code: string } };
        expect(created, JSON.stringify(created)).toMatchObject({ ok: true });
        const code = created.view.code;
        const seat = async (client: Client, n: number) =>
          (await client.timeout(10_000).emitWithAck('room:join', {
            code,
            nickname: `Guest ${n}`,
            deviceId: `routes-guest-${n}`.padEnd(16, '0'),
          })) as { ok: boolean };

        // Six guests opening the join link (the room in the handshake), both transports:
        // least connections alone would put half of them on the other worker.
        const before = await published();
        for (let n = 1; n <= 6; n++) {
          const guest = await connectTo(url, n % 2 === 0 ? 'polling' : 'websocket', code);
          sockets.push(guest);
          expect(await seat(guest, n)).toMatchObject({ ok: true });
          expect(await guest.timeout(10_000).emitWithAck('room:ready', { ready: true })).toEqual({
            ok: true,
          });
        }
        expect(await published()).toBe(before);
        // The primary's /healthz sums both workers: one room, its host and six guests.
        expect((await healthOf(url)).body).toMatchObject({ ok: true, rooms: 1, players: 7 });

        // The same guests without the hint: some land on the other worker and are forwarded.
        const unrouted: Client[] = [];
        for (let n = 7; n <= 10; n++) unrouted.push(await connectTo(url, 'websocket'));
        sockets.push(...unrouted);
        for (const [i, guest] of unrouted.entries()) await seat(guest, 7 + i);
        expect(await published()).toBeGreaterThan(before);

        // A reconnection storm (every watcher's link drops at once, and each reconnects by
        // itself, as after a failover) reads nothing of the adapter's shared stream: no
        // connection-state recovery — each client takes the room again from its own request.
        const watchers = await Promise.all(
          [21, 22, 23, 24].map(async (n) => {
            const client: Client = io(url, {
              transports: ['websocket'],
              auth: { protocol: PROTOCOL_VERSION },
              query: { [ROOM_QUERY]: code },
              forceNew: true,
              reconnectionDelay: 50,
            });
            sockets.push(client);
            await new Promise((resolve) => client.once('connect', () => resolve(undefined)));
            const deviceId = `routes-watch-${n}`.padEnd(16, '0');
            await client.timeout(10_000).emitWithAck('room:spectate', { code, deviceId });
            return client;
          }),
        );
        const reconnected = watchers.map(
          (client) => new Promise((resolve) => client.io.once('reconnect', resolve)),
        );
        for (const client of watchers) client.io.engine.close();
        await Promise.all(reconnected);
        const stats = await redis.info('commandstats');
        expect(stats).not.toMatch(/cmdstat_xrange:/);
      } finally {
        sockets.forEach((socket) => socket.close());
        redis.disconnect();
      }
    }, 120_000);
  },
);
