/**
 * Bytes on the wire per page, as a browser downloads them on a first visit: Chromium opens each
 * page in a fresh context (empty cache, no service worker yet), once per `Accept-Encoding`
 * (br, gzip, identity), and sums what it requested until the network went quiet — the app's
 * HTML, JS and CSS (the server sends the build's precompressed `.br` / `.gz` files) and, apart,
 * the `/api` JSON the page fetched (compressed on the fly by the server). The Socket.IO
 * connection is not counted. The replay page opens a race two socket bots have just finished.
 */
import type { Browser, Response } from 'playwright-core';
import type { BrowserBench } from './browser.ts';
import { table } from './markdown.ts';

const ENCODINGS = ['br', 'gzip', 'identity'] as const;
type Encoding = (typeof ENCODINGS)[number];
const APP = new Set(['document', 'script', 'stylesheet']);
const DATA = new Set(['fetch', 'xhr']);

/** Bytes on the wire of one visit under one encoding. */
interface Visit {
  /** The app's files (HTML, JS, CSS), encoded body bytes. */
  readonly app: number;
  /** The `/api` JSON answers, encoded body bytes. */
  readonly api: number;
  /** Names of the app's files in order of arrival. */
  readonly files: readonly string[];
  /** Each `/api` path fetched with the encoding it came in, e.g. `/api/daily (br)`. */
  readonly calls: readonly string[];
}

export interface FirstLoad {
  readonly page: string;
  readonly files: readonly string[];
  readonly calls: readonly string[];
  readonly app: Readonly<Record<Encoding, number>>;
  readonly api: Readonly<Record<Encoding, number>>;
}

const isApi = (r: Response): boolean =>
  DATA.has(r.request().resourceType()) && new URL(r.url()).pathname.startsWith('/api/');

const fileName = (r: Response): string =>
  r.request().resourceType() === 'document'
    ? 'index.html'
    : (new URL(r.url()).pathname.split('/').pop() ?? '');

/** One visit of `url` with only `encoding` accepted; waits for `ready`, then network idle. */
async function visit(browser: Browser, url: string, encoding: Encoding, ready: string) {
  const context = await browser.newContext({
    extraHTTPHeaders: { 'Accept-Encoding': encoding },
    serviceWorkers: 'block', // a first visit: nothing precached yet, nothing fetched twice
  });
  const responses: Response[] = [];
  context.on('response', (r) => {
    if (APP.has(r.request().resourceType()) || isApi(r)) responses.push(r);
  });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.locator(ready).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    return await tally(responses, encoding);
  } finally {
    await context.close();
  }
}

async function tally(responses: readonly Response[], encoding: Encoding): Promise<Visit> {
  let app = 0;
  let api = 0;
  const files: string[] = [];
  const calls: string[] = [];
  for (const r of responses) {
    const sent = r.headers()['content-encoding'] ?? 'identity';
    const size = (await r.request().sizes()).responseBodySize;
    if (isApi(r)) {
      api += size;
      calls.push(`${new URL(r.url()).pathname} (${sent})`);
      continue;
    }
    if (encoding !== 'identity' && sent !== encoding && (await r.body()).length > 1024)
      throw new Error(`${r.url()} came as ${sent}, not ${encoding}`);
    app += size;
    files.push(fileName(r));
  }
  return { app, api, files, calls };
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

/** A race two socket bots played to the end (the harness loads the server: imported late, after the bench's LOG_LEVEL). */
async function finishedRace(base: string): Promise<string> {
  return (await import('../test/server/harness.ts')).finishedRace(base);
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
    { page: '/daily', url: `${base}/daily`, ready: '[data-testid="daily-percent"]' },
    { page: '/lab', url: `${base}/lab`, ready: '[data-testid="lab"]' },
    {
      page: '/race/ID (replay)',
      url: `${base}/race/${await finishedRace(base)}`,
      ready: '[data-testid="replay"][data-state="ready"]',
    },
  ];
  const loads: FirstLoad[] = [];
  for (const { page, url, ready } of pages) {
    const app = { br: 0, gzip: 0, identity: 0 };
    const api = { br: 0, gzip: 0, identity: 0 };
    let seen: Visit | undefined;
    for (const encoding of ENCODINGS) {
      const one = await visit(browser, url, encoding, ready);
      app[encoding] = one.app;
      api[encoding] = one.api;
      if (encoding === 'br') seen = one;
    }
    loads.push({ page, files: seen?.files ?? [], calls: seen?.calls ?? [], app, api });
  }
  return loads;
}

const kb = (bytes: number): string => (bytes / 1000).toFixed(1);

export function renderFirstLoads(loads: readonly FirstLoad[]): string {
  const rows = loads.map((l) => [
    l.page,
    kb(l.app.br + l.api.br),
    kb(l.app.br),
    kb(l.app.gzip),
    kb(l.app.identity),
    kb(l.api.br),
    kb(l.api.gzip),
    kb(l.api.identity),
    l.calls.length === 0 ? '–' : l.calls.join(', '),
  ]);
  const files = loads.map((l) => [l.page, `${l.files.length}: ${l.files.join(', ')}`]);
  return [
    '### Bytes on the wire per page (first visit)',
    'What Chromium downloads on a first visit (empty cache, service worker blocked) of each page, served by the real server, once per `Accept-Encoding` (br, gzip, identity = uncompressed): the bytes on the wire of the app’s HTML, JS and CSS requested until the network is idle, and apart the `/api` JSON the page fetched. The server sends the precompressed `.br` / `.gz` files the build writes beside each asset (files under 1 KB as they are) and compresses `/api` answers of 1 KB or more on the fly (br or gzip, as asked). The Socket.IO connection is not counted. The replay opens a race two socket bots have just played to the end.',
    table(
      [
        'page',
        'total br KB',
        'app br KB',
        'app gzip KB',
        'app uncompressed KB',
        'API br KB',
        'API gzip KB',
        'API uncompressed KB',
        'API calls (encoding when br is accepted)',
      ],
      rows,
      ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'left'],
    ),
    table(['page', 'app files (br visit, in order of arrival)'], files),
  ].join('\n\n');
}
