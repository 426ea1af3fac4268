import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { withBrowserBench } from './browser.ts';
import { measureFirstLoads, renderFirstLoads } from './first-load.ts';
import { table } from './markdown.ts';
import { runProcess } from './proc.ts';
import type { BenchContext, BenchSection, SectionResult } from './section.ts';

/**
 * The client-size section (issue 5): every JS and CSS file Vite ships in
 * `packages/client/dist`, raw and gzipped (level 9), and the first-load total against the
 * budget. The first load is index.html plus what it references with `<script src>` and
 * `<link rel=stylesheet|modulepreload>`, plus every chunk those scripts import statically
 * (`import … from "./x.js"`, `export … from`, followed transitively). Not counted: chunks
 * reached only through `import()` (lazy routes, their CSS) and Web Worker chunks
 * (`new Worker(new URL(…))`), which load after the first paint. Then the bytes a browser
 * really downloads on a first visit of `/`, `/r/CODE` and `/solo`, br and gzip
 * (bench/first-load.ts).
 */
export const clientSizeSection: BenchSection = { id: 'client-size', run: runClientSize };

const HEADING = '## Client size';
/** The budget, read strictly: 80 KB = 80,000 bytes gzipped. */
const BUDGET_BYTES = 80_000;

type Kind = 'first load' | 'lazy' | 'worker';

interface ShippedFile {
  readonly name: string;
  readonly raw: number;
  readonly gzip: number;
  readonly kind: Kind;
}

const gzipSize = (bytes: Buffer): number => gzipSync(bytes, { level: 9 }).length;

/** Asset file names an HTML page loads up front: script src, stylesheet and modulepreload links. */
export function htmlReferences(html: string): string[] {
  const found: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const isScript = /^<script/i.test(tag);
    const rel = /\brel\s*=\s*["']?([^"'\s>]+)/i.exec(tag)?.[1]?.toLowerCase();
    if (!isScript && rel !== 'stylesheet' && rel !== 'modulepreload') continue;
    const url = /\b(?:src|href)\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1];
    if (url !== undefined && !/^(data:|https?:|\/\/)/i.test(url))
      found.push(path.posix.basename(url));
  }
  return found;
}

/** Specifiers of a module's static imports and re-exports (minified or not); never `import()`. */
export function staticImports(code: string): string[] {
  const pattern =
    /\b(?:import|export)\s*(?:[\w$]+\s*,?\s*)?(?:\{[^}]*\}|\*(?:\s*as\s*[\w$]+)?)?\s*(?:from\s*)?(["'`])([^"'`\n]+?)\1/g;
  return [...code.matchAll(pattern)].map((m) => m[2]!);
}

/** Chunks started as Web Workers: `new Worker(new URL("…"))` / `new SharedWorker(…)`. */
export function workerChunks(code: string): string[] {
  const pattern = /new\s+(?:Shared)?Worker\(\s*new\s+URL\(\s*(["'`])([^"'`]+)\1/g;
  return [...code.matchAll(pattern)].map((m) => path.posix.basename(m[2]!));
}

/** First-load file names: the page's references, then static imports transitively. */
function firstLoad(html: string, sources: ReadonlyMap<string, string>): Set<string> {
  const seen = new Set<string>();
  const queue = htmlReferences(html).filter((name) => sources.has(name));
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    if (!name.endsWith('.js')) continue;
    for (const spec of staticImports(sources.get(name)!)) {
      const target = path.posix.basename(spec);
      if (sources.has(target) && !seen.has(target)) queue.push(target);
    }
  }
  return seen;
}

async function shippedFiles(dist: string): Promise<{ html: Buffer; files: ShippedFile[] }> {
  const html = await readFile(path.join(dist, 'index.html'));
  const assets = path.join(dist, 'assets');
  const names = existsSync(assets)
    ? (await readdir(assets)).filter((n) => n.endsWith('.js') || n.endsWith('.css')).sort()
    : [];
  const bytes = new Map<string, Buffer>();
  for (const name of names) bytes.set(name, await readFile(path.join(assets, name)));
  const sources = new Map([...bytes].map(([name, b]) => [name, b.toString('utf8')] as const));
  const workers = new Set([...sources.values()].flatMap(workerChunks));
  const first = firstLoad(html.toString('utf8'), sources);
  const files = names.map((name): ShippedFile => {
    const b = bytes.get(name)!;
    const kind: Kind = first.has(name) ? 'first load' : workers.has(name) ? 'worker' : 'lazy';
    return { name, raw: b.length, gzip: gzipSize(b), kind };
  });
  return { html, files };
}

/** `packages/client/dist`, built with `pnpm --filter @percent/client build` when missing. */
async function ensureBuilt(context: BenchContext, dist: string): Promise<string | undefined> {
  if (existsSync(path.join(dist, 'index.html'))) return undefined;
  context.log('client-size: dist missing, building @percent/client');
  const args = ['--dir', context.repoRoot, '--filter', '@percent/client', 'build'];
  const run = await runProcess('pnpm', args, 300_000);
  if (run.code === 0 && existsSync(path.join(dist, 'index.html'))) return undefined;
  const tail = (run.stderr || run.stdout).trim().split('\n').slice(-3).join(' / ');
  return `skipped: \`pnpm --filter @percent/client build\` failed (${run.killed ? 'killed after 300 s' : `exit ${run.code}`}: ${tail})`;
}

const kb = (bytes: number): string => (bytes / 1000).toFixed(1);

function render(context: BenchContext, built: Date, html: Buffer, files: ShippedFile[]): string {
  const htmlGzip = gzipSize(html);
  const first = files.filter((f) => f.kind === 'first load');
  const firstRaw = html.length + first.reduce((s, f) => s + f.raw, 0);
  const firstGzip = htmlGzip + first.reduce((s, f) => s + f.gzip, 0);
  const order: Kind[] = ['first load', 'lazy', 'worker'];
  const sorted = [...files].sort(
    (a, b) => order.indexOf(a.kind) - order.indexOf(b.kind) || b.gzip - a.gzip,
  );
  const rows = [
    ['index.html', 'first load', kb(html.length), kb(htmlGzip)],
    ...sorted.map((f) => [f.name, f.kind, kb(f.raw), kb(f.gzip)]),
  ];
  const met = firstGzip < BUDGET_BYTES;
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  return [
    HEADING,
    `_Measured by \`${context.command}\` on ${date} UTC from \`packages/client/dist\` as built at ${built.toISOString().slice(0, 16).replace('T', ' ')} UTC._`,
    `**First load: ${kb(firstGzip)} KB gzipped** (${kb(firstRaw)} KB raw, ${first.length + 1} files) against the budget of ${kb(BUDGET_BYTES)} KB gzipped: **${met ? 'met' : 'not met'}** ("met" = first-load gzipped total below the budget; 1 KB = 1,000 bytes; each file gzipped alone with node:zlib level 9, as a server compresses them).`,
    `Everything shipped (index.html and all JS and CSS, including lazy and worker chunks): ${kb(htmlGzip + files.reduce((s, f) => s + f.gzip, 0))} KB gzipped, ${kb(html.length + files.reduce((s, f) => s + f.raw, 0))} KB raw.`,
    'First load = index.html + its `<script src>`, `<link rel="stylesheet">` and `<link rel="modulepreload">` files + every chunk those import statically (followed transitively). Not counted: **lazy** chunks reached only through `import()` (routes loaded on navigation, with their CSS) and **worker** chunks started with `new Worker(new URL(…))`.',
    table(['file', 'loaded', 'raw KB', 'gzip KB'], rows, ['left', 'left', 'right', 'right']),
  ].join('\n\n');
}

async function runClientSize(context: BenchContext): Promise<SectionResult> {
  const dist = path.join(context.repoRoot, 'packages', 'client', 'dist');
  const skip = await ensureBuilt(context, dist);
  if (skip !== undefined) {
    context.log(skip);
    return { markdown: `${HEADING}\n\n${skip}`, failed: false };
  }
  // The browser visits serve a fresh build (rebuilt when stale), so measure the files after it.
  let skipped = '';
  const loads = await withBrowserBench(
    context.repoRoot,
    (reason) => (skipped = `### Bytes on the wire per page (first visit)\n\n${reason}`),
    measureFirstLoads,
  );
  const built = (await stat(path.join(dist, 'index.html'))).mtime;
  const { html, files } = await shippedFiles(dist);
  const visits = loads ? renderFirstLoads(loads) : skipped;
  return { markdown: `${render(context, built, html, files)}\n\n${visits}`, failed: false };
}
