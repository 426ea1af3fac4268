/**
 * First-visit bytes as a browser downloads them: Chromium opens `/`, a room's join link
 * `/r/CODE` and `/solo` in fresh contexts (empty cache), once per `Accept-Encoding` (br,
 * gzip, identity), and sums the bytes on the wire of the HTML, JS and CSS it requested until
 * the network went quiet — the server sends the build's precompressed `.br` / `.gz` files.
 * JSON from the API and the Socket.IO connection are not counted; they are data, not the app.
 */
import type { Browser, Response } from 'playwright-core';
import type { BrowserBench } from './browser.ts';
import { table } from './markdown.ts';

const ENCODINGS = ['br', 'gzip', 'identity'] as const;
type Encoding = (typeof ENCODINGS)[number];
const COUNTED = new Set(['document', 'script', 'stylesheet']);

export interface FirstLoad {
  readonly page: string;
  /** File names requested, in order of arrival (from the br load). */
  readonly files: readonly string[];
  readonly bytes: Readonly<Record<Encoding, number>>;
}

/** Bytes on the wire (encoded body) of the app's files fetched by one visit of `url`. */
async function visit(browser: Browser, url: string, encoding: Encoding, ready: string) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'Accept-Encoding': encoding } });
  const responses: Response[] = [];
  context.on('response', (r) => {
    if (COUNTED.has(r.request().resourceType())) responses.push(r);
  });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.locator(ready).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    let bytes = 0;
    for (const r of responses) {
      const sent = r.headers()['content-encoding'] ?? 'identity';
      if (encoding !== 'identity' && sent !== encoding && (await r.body()).length > 1024)
        throw new Error(`${r.url()} came as ${sent}, not ${encoding}`);
      bytes += (await r.request().sizes()).responseBodySize;
    }
    return {
      bytes,
      files: responses.map((r) =>
        r.request().resourceType() === 'document'
          ? 'index.html'
          : (new URL(r.url()).pathname.split('/').pop() ?? ''),
      ),
    };
  } finally {
    await context.close();
  }
}

/** A room to open by its link: created from the home page in a context of its own. */
async function roomLink(browser: Browser, base: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/`);
  await page.locator('input[name="nickname"]').fill('Hana');
  await page.getByTestId('create-room').click();
  await page.getByTestId('lobby').waitFor();
  return page.url(); // the context stays open: the host keeps the room alive
}

export async function measureFirstLoads(bench: BrowserBench): Promise<FirstLoad[]> {
  const browser = await bench.launch();
  const base = bench.server.url;
  const pages = [
    { page: '/', url: `${base}/`, ready: '[data-testid="create-room"]' },
    {
      page: '/r/CODE (join link)',
      url: await roomLink(browser, base),
      ready: '[data-testid="entry"]',
    },
    { page: '/solo', url: `${base}/solo`, ready: '.solo [data-cell]' },
  ];
  const loads: FirstLoad[] = [];
  for (const { page, url, ready } of pages) {
    const bytes = { br: 0, gzip: 0, identity: 0 };
    let files: readonly string[] = [];
    for (const encoding of ENCODINGS) {
      const seen = await visit(browser, url, encoding, ready);
      bytes[encoding] = seen.bytes;
      if (encoding === 'br') files = seen.files;
    }
    loads.push({ page, files, bytes });
  }
  return loads;
}

const kb = (bytes: number): string => (bytes / 1000).toFixed(1);

export function renderFirstLoads(loads: readonly FirstLoad[]): string {
  const rows = loads.map((l) => [
    l.page,
    kb(l.bytes.br),
    kb(l.bytes.gzip),
    kb(l.bytes.identity),
    `${l.files.length}: ${l.files.join(', ')}`,
  ]);
  return [
    '### First visit in a browser',
    'What Chromium downloads on a first visit (empty cache) of each page, served by the real server, per `Accept-Encoding`: bytes on the wire of the HTML, JS and CSS bodies requested until the network is idle (API JSON and the Socket.IO connection not counted). The server sends the precompressed `.br` / `.gz` files the build writes beside each asset (files under 1 KB are sent as they are).',
    table(['page', 'br KB', 'gzip KB', 'uncompressed KB', 'files'], rows, [
      'left',
      'right',
      'right',
      'right',
      'left',
    ]),
  ].join('\n\n');
}
