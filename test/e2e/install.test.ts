/**
 * The installable app (issue 22): a valid web app manifest with its icons (a maskable one too)
 * and an apple-touch-icon; a service worker that becomes active on the first visit and
 * precaches the shell, so `/solo` and `/lab` load offline afterwards — while `/api` answers are
 * never served from a cache offline, except a finished race once fetched (it never changes).
 */
/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { hasChromium, useE2eSession } from './harness.ts';

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

describe.skipIf(!hasChromium)('the installable app', () => {
  const e2e = useE2eSession();

  it('has a valid manifest, icons and an apple-touch-icon', async () => {
    const url = e2e.server.url;
    const response = await fetch(`${url}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as Manifest;
    expect(manifest).toMatchObject({
      short_name: 'Percent',
      start_url: '/',
      display: 'standalone',
      theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      background_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    const png = manifest.icons.filter((icon) => icon.type === 'image/png');
    expect(png.map((icon) => [icon.sizes, icon.purpose])).toEqual([
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]);
    for (const icon of [...manifest.icons, { src: '/icons/apple-touch-icon.png' }]) {
      const image = await fetch(`${url}${icon.src}`);
      expect(image.status, icon.src).toBe(200);
      expect(image.headers.get('content-type'), icon.src).toMatch(/^image\//);
    }
    const page = await e2e.newPage();
    await page.goto(`${url}/`);
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe(
      '/manifest.webmanifest',
    );
    expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')).toBe(
      '/icons/apple-touch-icon.png',
    );
    await page.context().close();
  });

  it('loads /solo and /lab offline after one visit, and keeps /api answers fresh', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.server.url}/`);
    // The worker installs (precaching the shell) and takes the page on its first visit.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state))
      .toBe('activated');
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
      .toBe(true);

    await page.context().setOffline(true);
    await page.goto(`${e2e.server.url}/solo`);
    await page.locator('.solo svg.board [data-cell="0"]').waitFor({ timeout: 60_000 });
    await page.goto(`${e2e.server.url}/lab`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/SAT/);
    // An answer that must be fresh is never served from a cache.
    const lan = await page.evaluate(() =>
      fetch('/api/lan').then(
        (r) => `HTTP ${r.status}`,
        () => 'failed',
      ),
    );
    expect(lan).toBe('failed');
    await page.context().close();
  }, 120_000);
});
