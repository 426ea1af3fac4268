// Interleaved A/B of two `percent` builds on the same files, for the hand-run tables in
// BENCHMARKS.md: each file its own `node BIN sat FILE --json` process, the two builds
// alternating file by file (the order swapped every round), so both meet the same machine.
// Prints per set the sums over its files, averaged over the rounds, before → after, in ms:
// whole-process wall, in-process (parse + solve) and the phases of `stats.phases`.
//
//     node bench/sat-ab.mjs OLD_BIN NEW_BIN ROUNDS FILES SET…
//
// OLD_BIN and NEW_BIN are packages/engine/bin/percent.js of two checkouts (e.g. a git
// worktree of the commit before); SETs are folders of ../shared/data/cnf.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [oldBin, newBin, rounds, count, ...sets] = process.argv.slice(2);
if (sets.length === 0) {
  console.error('usage: node bench/sat-ab.mjs OLD_BIN NEW_BIN ROUNDS FILES SET…');
  process.exit(2);
}
const data = path.join(fileURLToPath(new URL('../..', import.meta.url)), 'shared', 'data', 'cnf');
if (!existsSync(data)) {
  console.error(`no benchmark data at ${data} (the shared data sets sit beside the checkout)`);
  process.exit(2);
}
const res = path.join(tmpdir(), 'percent-sat-ab.res');
const KEYS = ['wall', 'inProcess', 'parse', 'xor', 'elim', 'load', 'search'];

/** One run: its wall time and the times `--json` reports. */
function run(bin, file) {
  const started = process.hrtime.bigint();
  const out = spawnSync('node', [bin, 'sat', file, '--json', '--out', res], { encoding: 'utf8' });
  const wall = Number(process.hrtime.bigint() - started) / 1e6;
  const json = JSON.parse(out.stdout);
  const { xorMs, eliminateMs, loadMs } = json.stats.phases;
  const search = json.ms - xorMs - eliminateMs - loadMs;
  const inProcess = json.parseMs + json.ms;
  return {
    wall,
    inProcess,
    parse: json.parseMs,
    xor: xorMs,
    elim: eliminateMs,
    load: loadMs,
    search,
  };
}

for (const set of sets) {
  const dir = path.join(data, set);
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.cnf'))
    .sort()
    .slice(0, Number(count));
  const sums = { old: {}, new: {} };
  for (const key of KEYS) sums.old[key] = sums.new[key] = 0;
  for (let round = 0; round < Number(rounds); round++) {
    for (const file of files) {
      for (const which of round % 2 === 0 ? ['old', 'new'] : ['new', 'old']) {
        const times = run(which === 'old' ? oldBin : newBin, path.join(dir, file));
        for (const key of KEYS) sums[which][key] += times[key] / Number(rounds);
      }
    }
  }
  const cells = KEYS.map(
    (key) => `${key} ${sums.old[key].toFixed(1)} → ${sums.new[key].toFixed(1)}`,
  );
  console.log(`${set} (${files.length}) ${cells.join(' | ')}`);
}
