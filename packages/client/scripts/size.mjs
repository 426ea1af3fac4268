// Gzipped size of the built client (run `pnpm --filter @percent/client build` first).
// "First load" is what index.html references (entry script, its preloaded chunks, CSS) plus
// index.html itself; every other file in dist/assets is loaded later (room, solo, the engine
// worker). Prints JSON: { firstLoad: { files, gzipBytes }, lazy: [{ file, gzipBytes }] }.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const gzip = (bytes) => gzipSync(bytes, { level: 9 }).length;

let html;
try {
  html = readFileSync(join(dist, 'index.html'));
} catch {
  console.error(`no build in ${dist}: run pnpm --filter @percent/client build`);
  process.exit(1);
}
const referenced = [...html.toString().matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map(
  (m) => m[1],
);
const files = ['index.html', ...referenced];
const firstLoad = files.reduce((sum, file) => sum + gzip(readFileSync(join(dist, file))), 0);
const lazy = readdirSync(join(dist, 'assets'))
  .map((name) => `assets/${name}`)
  .filter((file) => !referenced.includes(file))
  .map((file) => ({ file, gzipBytes: gzip(readFileSync(join(dist, file))) }));
console.log(JSON.stringify({ firstLoad: { files, gzipBytes: firstLoad }, lazy }, null, 2));
