/**
 * HTTP long-polling (what Socket.IO's client starts with, and what some proxies allow only)
 * is answered by Socket.IO alone: express never answers the same request again, which would
 * throw on the sent headers and take the process down.
 */
import { PROTOCOL_VERSION } from '@percent/protocol';
import { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { newDeviceId, useTestServer } from './harness.ts';

const server = useTestServer();

describe('long-polling', () => {
  it('connects, gets its acks over polling POSTs, and the server stays up', async () => {
    const socket = io(server.url, {
      auth: { protocol: PROTOCOL_VERSION },
      transports: ['polling'],
      reconnection: false,
      forceNew: true,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    for (let i = 0; i < 5; i++) {
      const reply = (await socket
        .timeout(5000)
        .emitWithAck('history:get', { deviceId: newDeviceId() })) as { ok: boolean };
      expect(reply.ok).toBe(true);
    }
    socket.disconnect();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
