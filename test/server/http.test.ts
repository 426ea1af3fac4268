import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestServer } from './harness.ts';

const clientDir = mkdtempSync(join(tmpdir(), 'percent-client-'));
writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Percent SPA</title>');
writeFileSync(join(clientDir, 'app.js'), 'console.log(1)');

const server = useTestServer({ clientDir });
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

describe('http', () => {
  it('answers /healthz with uptime, rooms and pool readiness', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ ok: true, protocol: 1, rooms: 0, players: 0 });
    expect(body.uptimeMs).toBeTypeOf('number');
    expect(body.pool).toHaveProperty(['percent/easy']);
  });

  it("lists the LAN join URLs on the server's own port", async () => {
    // Every non-internal IPv4 address, worked out here independently of the server.
    const expected = Object.values(networkInterfaces())
      .flat()
      .filter((a) => a !== undefined && a.family === 'IPv4' && !a.internal)
      .map((a) => `http://${a!.address}:${server.port}`);
    const body = (await (await fetch(`${server.url}/api/lan`)).json()) as { urls: string[] };
    expect(body.urls).toEqual(expected);
  });

  it('serves the client and its routes from the built folder', async () => {
    for (const path of ['/', '/r/KQZTM', '/solo']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain('Percent SPA');
    }
    expect(await (await fetch(`${server.url}/app.js`)).text()).toBe('console.log(1)');
    expect((await fetch(`${server.url}/nowhere`)).status).toBe(404);
  });

  it('reads history and leaderboards, refusing malformed ids with the field', async () => {
    const history = await fetch(`${server.url}/api/history/device-abcdefgh`);
    expect(await history.json()).toEqual({ entries: [] });
    const bad = await fetch(`${server.url}/api/history/x`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ ok: false, error: { code: 'BAD_PAYLOAD' } });
    const board = await fetch(`${server.url}/api/rooms/kqztm/leaderboard`);
    expect(await board.json()).toEqual({ entries: [] });
    expect((await fetch(`${server.url}/api/rooms/I0I0I/leaderboard`)).status).toBe(400);
  });
});
