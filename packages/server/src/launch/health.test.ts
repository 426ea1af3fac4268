import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Worker } from 'node:cluster';
import { afterEach, describe, expect, it } from 'vitest';
import { answerHealthz, WorkersHealth } from './health.ts';
import { isHealthRequest } from './messages.ts';
import { waitForKnownSessions } from './sid-wait.ts';
import type { WorkerMember } from './workers.ts';

const servers: Server[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

/** How a fake worker answers the primary's question: its `/healthz` body, or silence. */
type Behaviour = { body: Record<string, unknown> } | 'silent' | 'restarting' | 'starting';

/**
 * A primary's port as `primary.ts` sets it up (a stand-in for sticky that records what reaches
 * it, `waitForKnownSessions` with the health hook) over fake workers answering on IPC.
 */
async function primaryWith(behaviours: Behaviour[], timeoutMs = 300, replyMs = 0) {
  const replies = new EventEmitter();
  /** How many times each worker was asked. */
  const asked: number[] = [];
  const members: WorkerMember[] = behaviours.map((behaviour, i) => {
    if (behaviour === 'restarting') return { worker: i + 1, ready: false };
    const fake = {
      process: { pid: 1000 + i },
      send(message: unknown) {
        if (isHealthRequest(message)) asked[i] = (asked[i] ?? 0) + 1;
        if (!isHealthRequest(message) || typeof behaviour !== 'object') return true;
        const status = behaviour.body['ok'] === false ? 503 : 200;
        setTimeout(
          () =>
            replies.emit('message', fake, {
              type: 'percent:health',
              id: message.id,
              status,
              body: behaviour.body,
            }),
          replyMs,
        );
        return true;
      },
    };
    return { worker: i + 1, ready: behaviour !== 'starting', process: fake as unknown as Worker };
  });
  const health = new WorkersHealth({ members: () => members }, replies, timeoutMs);
  const http = createServer();
  const reachedSticky: string[] = [];
  http.on('connection', (socket: Socket) => {
    socket.removeAllListeners('data');
    socket.once('data', (chunk: Buffer) => {
      reachedSticky.push(chunk.toString().split('\r\n')[0]!);
      socket.end('HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n');
    });
  });
  waitForKnownSessions(http, new EventEmitter(), {
    answer: (head, socket) => answerHealthz(health, head, socket),
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  servers.push(http);
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return { url, reachedSticky, asked };
}

const node = (n: number, extra: Record<string, unknown> = {}) => ({
  ok: true,
  mode: 'cluster',
  node: `node-${n}`,
  rooms: n,
  players: 4 * n,
  moves: { accepted: 100 * n, duplicates: n },
  ...extra,
});

describe('/healthz of a --workers server, answered by the primary', () => {
  it('sums every worker’s figures and lists each worker’s own answer', async () => {
    const { url, reachedSticky } = await primaryWith([{ body: node(1) }, { body: node(2) }]);
    const response = await fetch(`${url}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      ok: true,
      mode: 'workers',
      workers: 2,
      rooms: 3,
      players: 12,
      moves: { accepted: 300, duplicates: 3 },
    });
    expect(body['nodes']).toEqual([
      { worker: 1, pid: 1000, ...node(1) },
      { worker: 2, pid: 1001, ...node(2) },
    ]);
    expect(typeof body['uptimeMs']).toBe('number');
    expect(reachedSticky).toEqual([]); // answered by the primary, no worker's HTTP server
  });

  it('stays ok while one worker restarts or is silent, saying which and why', async () => {
    const { url } = await primaryWith([{ body: node(1) }, 'restarting', 'silent', 'starting']);
    const response = await fetch(`${url}/healthz`);
    const body = (await response.json()) as Record<string, unknown>;
    expect([response.status, body['ok'], body['rooms'], body['workers']]).toEqual([
      200,
      true,
      1,
      4,
    ]);
    expect(body['nodes']).toEqual([
      { worker: 1, pid: 1000, ...node(1) },
      { worker: 2, ok: false, reason: 'restarting' },
      { worker: 3, ok: false, reason: 'no answer within 300 ms' },
      { worker: 4, ok: false, reason: 'starting' },
    ]);
  });

  it('is 503 when a worker says it cannot keep its promises, or none answers', async () => {
    const failing = node(2, { ok: false, store: { writable: false } });
    const one = await primaryWith([{ body: node(1) }, { body: failing }]);
    const response = await fetch(`${one.url}/healthz`);
    expect([response.status, ((await response.json()) as { ok: boolean }).ok]).toEqual([
      503,
      false,
    ]);
    const none = await primaryWith(['silent', 'restarting']);
    expect((await fetch(`${none.url}/healthz`)).status).toBe(503);
  });

  it('asks each worker once for a burst of requests, and again for the next', async () => {
    // Workers slow to answer (200 ms): the whole burst arrives while the first is gathered.
    const { url, asked } = await primaryWith([{ body: node(1) }, { body: node(2) }], 1000, 200);
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => fetch(`${url}/healthz`).then((r) => r.json())),
    );
    expect(burst.every((body) => (body as { rooms: number }).rooms === 3)).toBe(true);
    expect(asked).toEqual([1, 1]);
    await fetch(`${url}/healthz`);
    expect(asked).toEqual([2, 2]);
  });

  it('answers HEAD without a body, and leaves every other request to the workers', async () => {
    const { url, reachedSticky } = await primaryWith([{ body: node(1) }]);
    const head = await fetch(`${url}/healthz`, { method: 'HEAD' });
    expect([head.status, await head.text()]).toEqual([200, '']);
    expect((await fetch(`${url}/healthz?verbose=1`)).status).toBe(200);
    for (const path of ['/healthzz', '/api/lan', '/'])
      expect((await fetch(`${url}${path}`)).status).toBe(204);
    expect(reachedSticky).toEqual([
      'GET /healthzz HTTP/1.1',
      'GET /api/lan HTTP/1.1',
      'GET / HTTP/1.1',
    ]);
  });
});
