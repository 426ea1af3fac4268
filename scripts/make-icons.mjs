/**
 * Draws the app's icons (the brand mark: a white % on the accent blue) and writes them to
 * packages/client/public/icons/: icon.svg, PNGs for the web app manifest (192, 512, and a
 * maskable 512 whose mark keeps inside the safe zone) and apple-touch-icon.png (180). Run it
 * after changing the mark: `node scripts/make-icons.mjs` (Debian's chromium, through the test
 * package's playwright-core). The PNGs are committed, so a build needs no browser.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../test/package.json', import.meta.url));
const { chromium } = require('playwright-core');

const ACCENT = '#2457c5';
const OUT = new URL('../packages/client/public/icons/', import.meta.url);

/** The mark: `inset` is the share of the square the glyph's box takes (maskable: smaller). */
const svg = (rounded, inset) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="${rounded ? 96 : 0}" fill="${ACCENT}"/>
  <text x="256" y="${256 + 120 * inset}" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700"
    font-size="${340 * inset}" text-anchor="middle" fill="#ffffff">%</text>
</svg>`;

const ICONS = [
  { name: 'icon-192.png', size: 192, rounded: true, inset: 1 },
  { name: 'icon-512.png', size: 512, rounded: true, inset: 1 },
  { name: 'icon-maskable-512.png', size: 512, rounded: false, inset: 0.72 },
  { name: 'apple-touch-icon.png', size: 180, rounded: false, inset: 0.9 },
];

mkdirSync(OUT, { recursive: true });
writeFileSync(new URL('icon.svg', OUT), svg(true, 1));
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
  ],
});
const page = await browser.newPage();
for (const icon of ICONS) {
  await page.setViewportSize({ width: icon.size, height: icon.size });
  const body = svg(icon.rounded, icon.inset).replace(
    '<svg ',
    `<svg width="${icon.size}" height="${icon.size}" `,
  );
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${body}</body></html>`,
  );
  const png = await page.screenshot({
    omitBackground: true,
    clip: { x: 0, y: 0, width: icon.size, height: icon.size },
  });
  writeFileSync(new URL(icon.name, OUT), png);
  console.log(`wrote ${icon.name}`);
}
await browser.close();
