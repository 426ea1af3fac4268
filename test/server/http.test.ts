import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, type SeatReply } from '@percent/protocol';
import { connect, expectOk, newDeviceId, startTestServer, useTestServer } from './harness.ts';
import { deviceHeaders, historyOf } from '../support/device.ts';

const clientDir = mkdtempSync(join(tmpdir(), 'percent-client-'));
// Over 1 KB, as the real index.html is: it is compressed on the fly.
const INDEX = `<!doctype html><title>Percent SPA</title><!-- ${'manifest, icons, '.repeat(80)} -->`;
writeFileSync(join(clientDir, 'index.html'), INDEX);
writeFileSync(join(clientDir, 'app.js'), 'console.log(1)');
// A hashed build asset with its precompressed siblings, as `vite build` writes them.
const BUNDLE = `export const digits = ${JSON.stringify('123456789'.repeat(300))};`;
mkdirSync(join(clientDir, 'assets'));
writeFileSync(join(clientDir, 'assets', 'index-Ab12Cd34.js'), BUNDLE);
writeFileSync(join(clientDir, 'assets', 'index-Ab12Cd34.js.br'), brotliCompressSync(BUNDLE));
writeFileSync(join(clientDir, 'assets', 'index-Ab12Cd34.js.gz'), gzipSync(BUNDLE));

/** A GET as a browser sends it, answered raw (fetch would decompress behind our back). */
function rawGet(url: string, acceptEncoding?: string) {
  return new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

const server = useTestServer({ clientDir });
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

describe('http', () => {
  it('answers /healthz with uptime, rooms and pool readiness', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ ok: true, protocol: PROTOCOL_VERSION, rooms: 0, players: 0 });
    expect(body.uptimeMs).toBeTypeOf('number');
    expect(body.pool).toHaveProperty(['percent/easy']);
  });

  it('advertises no LAN URL while it listens on loopback only', async () => {
    const body = (await (await fetch(`${server.url}/api/lan`)).json()) as { urls: string[] };
    expect(body.urls).toEqual([]);
  });

  it("lists every LAN address on the server's own port when it listens on all of them", async () => {
    const open = await startTestServer({ host: '0.0.0.0' });
    // Every non-internal IPv4 address, worked out here independently of the server.
    const expected = Object.values(networkInterfaces())
      .flat()
      .filter((a) => a !== undefined && a.family === 'IPv4' && !a.internal)
      .map((a) => `http://${a!.address}:${open.port}`);
    const body = (await (await fetch(`${open.url}/api/lan`)).json()) as { urls: string[] };
    expect(body.urls).toEqual(expected);
    await open.close();
  });

  it('sends the smallest encoding the browser accepts, and caches hashed assets for a year', async () => {
    const asset = `${server.url}/assets/index-Ab12Cd34.js`;
    const br = await rawGet(asset, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(BUNDLE);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    const gz = await rawGet(asset, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(BUNDLE);
    const plain = await rawGet(asset);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BUNDLE);
    for (const path of ['/', '/r/KQZTM', '/app.js'])
      expect((await rawGet(`${server.url}${path}`)).headers['cache-control'], path).toBe(
        'no-cache',
      );
  });

  it('serves the client and its routes from the built folder', async () => {
    for (const path of ['/', '/r/KQZTM', '/solo', '/lab']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain('Percent SPA');
    }
    expect(await (await fetch(`${server.url}/app.js`)).text()).toBe('console.log(1)');
    expect((await fetch(`${server.url}/nowhere`)).status).toBe(404);
  });

  it('tells a join link whether its room is there, and whether a newcomer would play', async () => {
    const missing = await fetch(`${server.url}/api/rooms/KQZTM`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ ok: false, error: { code: 'ROOM_NOT_FOUND' } });
    expect((await fetch(`${server.url}/api/rooms/I0I0I`)).status).toBe(400);
    const host = await connect(server.url);
    const seat = expectOk<SeatReply>(
      await host.call('room:create', { nickname: 'Ann', deviceId: newDeviceId() }),
    );
    const found = await fetch(`${server.url}/api/rooms/${seat.view.code.toLowerCase()}`);
    const { room } = (await found.json()) as { room: Record<string, unknown> };
    expect(room).toEqual({
      code: seat.view.code,
      phase: 'lobby',
      players: 1,
      maxPlayers: 8,
      spectators: 0,
      locked: false,
      variant: 'percent',
      difficulty: 'easy',
    });
    expect(JSON.stringify(room)).not.toContain('Ann');
    host.close();
  });

  it('reads history and leaderboards, refusing malformed ids with the field', async () => {
    expect(await historyOf(server.url, 'device-abcdefgh')).toEqual({ ok: true, entries: [] });
    const bad = await fetch(`${server.url}/api/history`, { headers: deviceHeaders('x') });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      ok: false,
      error: {
        code: 'BAD_PAYLOAD',
        message: 'header Percent-Device-Id: a device id is 8–64 of A-Z a-z 0-9 _ -',
      },
    });
    const anonymous = await fetch(`${server.url}/api/history`);
    expect(anonymous.status).toBe(400);
    // The old address, with the id in the URL, is gone.
    expect((await fetch(`${server.url}/api/history/device-abcdefgh`)).status).toBe(404);
    const board = await fetch(`${server.url}/api/rooms/kqztm/leaderboard`);
    expect(await board.json()).toEqual({ ok: true, entries: [] });
    expect((await fetch(`${server.url}/api/rooms/I0I0I/leaderboard`)).status).toBe(400);
  });

  it('compresses /api answers over 1 KB for a client that accepts it', async () => {
    const big = await rawGet(`${server.url}/api/daily`, 'gzip');
    expect(big.headers['content-encoding']).toBe('gzip');
    const json = JSON.parse(gunzipSync(big.body).toString()) as { ok: boolean; archive: unknown[] };
    expect([json.ok, json.archive.length]).toEqual([true, 30]);
    const plain = await rawGet(`${server.url}/api/daily`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(big.body.length * 3).toBeLessThan(plain.body.length);
  });

  it("compresses the app's page on every route, and never compresses a precompressed file twice", async () => {
    for (const path of ['/', '/r/KQZTM', '/solo', '/race/abc', '/daily']) {
      const br = await rawGet(`${server.url}${path}`, 'gzip, deflate, br');
      expect(br.headers['content-encoding'], path).toBe('br');
      expect(brotliDecompressSync(br.body).toString(), path).toBe(INDEX);
      const plain = await rawGet(`${server.url}${path}`);
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      expect(plain.body.toString(), path).toBe(INDEX);
    }
    const asset = await rawGet(`${server.url}/assets/index-Ab12Cd34.js`, 'gzip');
    expect(gunzipSync(asset.body).toString()).toBe(BUNDLE);
  });

  it('answers 400 naming the path for percent-escapes that do not decode', async () => {
    for (const path of ['/api/daily/%E0%A4%A/x', '/api/races/%ZZ', '/api/rooms/%C3%28']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toEqual({
        ok: false,
        error: { code: 'BAD_PAYLOAD', message: 'path: malformed percent-encoding' },
      });
    }
  });
});
