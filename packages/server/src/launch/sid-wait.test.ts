import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { waitForKnownSessions } from './sid-wait.ts';

const SID = 'AbCdEfGhIjKlMnOpQrSt';
const request = (query: string) =>
  `GET /socket.io/?EIO=4&transport=polling${query} HTTP/1.1\r\nHost: x\r\n\r\n`;

const servers: Server[] = [];
/** What happened around sticky's read of a first chunk, in order. */
const order: string[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

/** An HTTP server whose stand-in for sticky records the first chunk of every connection. */
async function primary(maxWaitMs = 2000, steer?: (head: string) => (() => void) | undefined) {
  const http = createServer();
  const seen: { at: number; text: string }[] = [];
  http.on('connection', (socket: Socket) => {
    socket.removeAllListeners('data');
    socket.once('data', (chunk: Buffer) => {
      seen.push({ at: performance.now(), text: chunk.toString() });
      order.push(`sticky reads ${chunk.toString().slice(0, 40)}`);
      socket.destroy();
    });
  });
  const workers = new EventEmitter();
  const { known } = waitForKnownSessions(http, workers, { maxWaitMs, ...(steer && { steer }) });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  servers.push(http);
  const port = (http.address() as AddressInfo).port;
  const send = (text: string) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    socket.on('error', () => undefined);
    return performance.now();
  };
  const bound = (sid: string) =>
    workers.emit('message', {}, { type: 'sticky:connection', data: sid });
  return { seen, send, bound, known };
}

const until = async (test: () => boolean, ms = 3000) => {
  const end = performance.now() + ms;
  while (!test() && performance.now() < end) await new Promise((r) => setTimeout(r, 5));
};

describe('a request naming a session the primary has not heard of', () => {
  it('waits for the worker’s message, then goes to sticky', async () => {
    const { seen, send, bound } = await primary();
    send(request(`&sid=${SID}`));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).toEqual([]);
    const boundAt = performance.now();
    bound(SID);
    await until(() => seen.length > 0);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.text).toContain(`sid=${SID}`);
    expect(seen[0]!.at).toBeGreaterThanOrEqual(boundAt);
  });

  it('goes at once with no session or a known one, and after the limit for a stale one', async () => {
    const { seen, send, bound, known } = await primary(300);
    bound(SID);
    expect(known.has(SID)).toBe(true);
    send(request(''));
    send(request(`&sid=${SID}`));
    await until(() => seen.length === 2, 200);
    expect(seen).toHaveLength(2);
    const sentAt = send(request('&sid=ZZZZZZZZZZZZZZZZZZZZ'));
    await until(() => seen.length === 3);
    expect(seen[2]!.at - sentAt).toBeGreaterThanOrEqual(290);
  });
});

describe('steering the first request of a connection', () => {
  it('shows sticky’s read the request head, undoing right after it, once per connection', async () => {
    order.length = 0;
    const steer = (head: string) => {
      order.push(`steer ${head.slice(0, 40)}`);
      return () => void order.push('undo');
    };
    const { seen, send, bound } = await primary(2000, steer);
    send(request('&room=ABCDE'));
    await until(() => seen.length === 1);
    const first = request('&room=ABCDE').slice(0, 40);
    expect(order).toEqual([`steer ${first}`, `sticky reads ${first}`, 'undo']);
    // A request held for its session is steered when it finally reaches sticky.
    order.length = 0;
    send(request(`&sid=${SID}`));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual([]);
    bound(SID);
    await until(() => seen.length === 2);
    const held = request(`&sid=${SID}`).slice(0, 40);
    expect(order).toEqual([`steer ${held}`, `sticky reads ${held}`, 'undo']);
  });
});
