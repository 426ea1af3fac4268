/**
 * Per-address quotas (issue 21): sockets at once, room creations and room-code lookups a
 * minute; 429 with Retry-After over HTTP, RATE_LIMITED over the socket, and the client's
 * address taken from X-Forwarded-For only when TRUST_PROXY says so. (The addresses in the
 * header are documentation ones, RFC 5737: nothing is sent to them.)
 */
import { PROTOCOL_VERSION } from '@percent/protocol';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../packages/server/src/main.ts';
import { connect, newDeviceId, startTestServer, type TestClient } from './harness.ts';

const QUOTAS = { socketsPerAddress: 3, createsPerMinute: 2, lookupsPerMinute: 3 };

/** A socket's handshake: connected, or the refusal's data. */
function handshake(url: string, forwardedFor?: string) {
  const socket = io(url, {
    auth: { protocol: PROTOCOL_VERSION },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(forwardedFor && { extraHeaders: { 'x-forwarded-for': forwardedFor } }),
  });
  return new Promise<{ socket: typeof socket; refused?: { code: string; message: string } }>(
    (resolve) => {
      socket.once('connect', () => resolve({ socket }));
      socket.once('connect_error', (error: Error & { data?: { code: string; message: string } }) =>
        resolve({ socket, refused: error.data }),
      );
    },
  );
}

describe('quotas per address', () => {
  let server: RunningServer;
  beforeAll(async () => (server = await startTestServer({ quotas: QUOTAS })));
  afterAll(() => server.close());

  it('refuses one socket more than allowed at once, and takes it once one has closed', async () => {
    const open = await Promise.all([1, 2, 3].map(() => handshake(server.url)));
    expect(open.every((h) => h.refused === undefined)).toBe(true);
    const fourth = await handshake(server.url);
    expect(fourth.refused).toEqual({
      code: 'RATE_LIMITED',
      message: 'too many connections from this address (at most 3 at once)',
    });
    open[0]!.socket.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await handshake(server.url);
    expect(again.refused).toBeUndefined();
    for (const h of [...open, fourth, again]) h.socket.disconnect();
  });

  it('limits room creations a minute, saying when to try again', async () => {
    const client: TestClient = await connect(server.url);
    const create = () => client.call('room:create', { nickname: 'Ann', deviceId: newDeviceId() });
    expect((await create()).ok).toBe(true);
    expect((await create()).ok).toBe(true);
    expect(await create()).toMatchObject({
      ok: false,
      error: {
        code: 'RATE_LIMITED',
        message: expect.stringMatching(
          /^room:create: too many new rooms from this address; try again in \d+ s$/,
        ),
      },
    });
    client.close();
  });

  it('limits room-code lookups: 429 with Retry-After, and a spoofed X-Forwarded-For changes nothing', async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 5; i++) {
      const response = await fetch(`${server.url}/api/rooms/BCDFG`, {
        headers: { 'x-forwarded-for': `192.0.2.${i}` },
      });
      statuses.push(response.status);
      if (response.status === 429) retryAfter = response.headers.get('retry-after');
    }
    expect(statuses).toEqual([404, 404, 404, 429, 429]);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  });
});

describe('quotas behind a trusted proxy (TRUST_PROXY)', () => {
  let server: RunningServer;
  beforeAll(
    async () => (server = await startTestServer({ quotas: { ...QUOTAS, trustProxy: true } })),
  );
  afterAll(() => server.close());

  it('counts each forwarded address on its own', async () => {
    const a = await Promise.all([1, 2, 3].map(() => handshake(server.url, '192.0.2.10')));
    expect((await handshake(server.url, '192.0.2.10')).refused?.code).toBe('RATE_LIMITED');
    const b = await handshake(server.url, '192.0.2.11, 198.51.100.7');
    expect(b.refused).toBeUndefined();
    for (const h of [...a, b]) h.socket.disconnect();
    const lookups = [];
    for (const from of ['192.0.2.20', '192.0.2.20', '192.0.2.20', '192.0.2.20', '192.0.2.21']) {
      const response = await fetch(`${server.url}/api/rooms/BCDFG`, {
        headers: { 'x-forwarded-for': from },
      });
      lookups.push(response.status);
    }
    expect(lookups).toEqual([404, 404, 404, 429, 404]);
  });
});
