import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { DeviceKeys, memoryDeviceKeys } from '../devices.ts';

/** `/healthz` answers 503 with `ok: false` when the service says it cannot keep its promises. */
describe('/healthz', () => {
  const history = {
    raceOf: async () => undefined,
    historyOf: async () => [],
    tournamentOf: async () => undefined,
    leaderboard: async () => [],
    ratingOf: async () => ({ rating: 1500, rd: 350, volatility: 0.06, races: 0 }),
  };

  async function healthOf(health: Record<string, unknown>) {
    const app = createApp({
      clientDir: '/nonexistent',
      history,
      health: () => health,
      room: async () => undefined,
      lanUrls: () => [],
      devices: new DeviceKeys(memoryDeviceKeys()),
    });
    const server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/healthz`);
    const body = (await response.json()) as Record<string, unknown>;
    server.close();
    return { status: response.status, body };
  }

  it('is 200 and ok while the store writes', async () => {
    const { status, body } = await healthOf({ mode: 'single', store: { writable: true } });
    expect([status, body['ok']]).toEqual([200, true]);
  });

  it('is 503 and not ok when the store cannot write', async () => {
    const { status, body } = await healthOf({ ok: false, store: { writable: false } });
    expect([status, body['ok'], body['store']]).toEqual([503, false, { writable: false }]);
  });
});
