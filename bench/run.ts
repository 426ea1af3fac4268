/**
 * `pnpm bench [--quick] [--sections sat] [--sets a,b] [--limit N] [--timeout MS]
 *             [--native-timeout MS] [--extras-timeout MS] [--no-extras] [--report FILE]`
 *
 * Runs the benchmark sections and rewrites their blocks of BENCHMARKS.md at the repo root
 * (or of `--report FILE`, for trial runs that must not touch it),
 * together with the header stating the command, the machine and the date. Exits 1 when a
 * section found a wrong answer (after writing the report), 2 on bad usage.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { machineInfo } from './machine.ts';
import { replaceSection, table } from './markdown.ts';
import { clientSizeSection } from './client-size.ts';
import { debriefSection } from './debrief.ts';
import { latencySection } from './latency.ts';
import { satSection } from './sat.ts';
import type { BenchContext, BenchOptions, BenchSection } from './section.ts';
import { SUDOKU_PARTS, sudokuSection } from './sudoku.ts';
import { proofsSection } from './proofs.ts';
import { coldWarmSection } from './cold-warm.ts';
import { serverCostSection } from './server-cost.ts';

/** Every section, in file order. */
const SECTIONS: readonly BenchSection[] = [
  satSection,
  sudokuSection,
  clientSizeSection,
  latencySection,
  debriefSection,
  proofsSection,
  coldWarmSection,
  serverCostSection,
];

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const reportPath = path.join(repoRoot, 'BENCHMARKS.md');

const NEW_REPORT =
  '# Benchmarks\n\nWritten by `pnpm bench`, which replaces the marked blocks; text outside them stays.\n';

const USAGE = `usage: pnpm bench [options]
  --quick               smoke run: 2 files per set, 10 s limits (unless given); sudoku:
                        2000 puzzles, 10 seeds per difficulty, 10⁵ endgames; latency:
                        60 key presses (else 240); debrief: 2 races per difficulty
                        (else 8)
  --sections a,b        only these sections (${SECTIONS.map((s) => s.id).join(', ')})
  --sets a,b            only these sets, e.g. uf250-1065,hust/check; for the sudoku
                        section its parts (with --sections sudoku): ${SUDOKU_PARTS.join(', ')}
  --limit N             at most N files per set (sudoku: N puzzles per set; at least 2000
                        under --quick)
  --timeout MS          per-instance limit for ours (env BENCH_TIMEOUT_MS; default 60000)
  --native-timeout MS   per-instance limit for minisat (env BENCH_NATIVE_TIMEOUT_MS; default 60000)
  --extras-timeout MS   per-instance limit for the other references: cryptominisat5, cadical,
                        picosat, logic-solver (env BENCH_EXTRAS_TIMEOUT_MS; default the
                        smaller of --native-timeout and 10000)
  --extras-limit N      run the other references on at most N files per set, spread evenly
                        through it (default 20; ours and minisat run on every file)
  --no-extras           run only minisat as a reference
  --report FILE         write this file instead of BENCHMARKS.md (trial runs)
env PERCENT_DATA overrides the CNF folder (default ../shared/data/cnf beside the repo),
env PERCENT_SUDOKU_DATA the sudoku folder (default ../shared/data/sudoku).`;

function positive(text: string | undefined, name: string): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n <= 0)
    throw new Error(`${name} must be a positive integer, got '${text}'`);
  return n;
}

function list(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** The options after flags, environment and `--quick` defaults, plus the chosen sections. */
function parseOptions(argv: readonly string[]): {
  options: BenchOptions;
  sections: BenchSection[];
  /** The file to rewrite. */
  report: string;
} {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      quick: { type: 'boolean', default: false },
      sections: { type: 'string' },
      sets: { type: 'string' },
      limit: { type: 'string' },
      timeout: { type: 'string' },
      'native-timeout': { type: 'string' },
      'extras-timeout': { type: 'string' },
      'extras-limit': { type: 'string' },
      report: { type: 'string' },
      'no-extras': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const quick = values.quick === true;
  const fallbackMs = quick ? 10_000 : 60_000;
  const timeoutMs =
    positive(values.timeout ?? process.env.BENCH_TIMEOUT_MS, '--timeout') ?? fallbackMs;
  const nativeTimeoutMs =
    positive(values['native-timeout'] ?? process.env.BENCH_NATIVE_TIMEOUT_MS, '--native-timeout') ??
    fallbackMs;
  const extrasTimeoutMs =
    positive(values['extras-timeout'] ?? process.env.BENCH_EXTRAS_TIMEOUT_MS, '--extras-timeout') ??
    Math.min(nativeTimeoutMs, 10_000);
  const limit = positive(values.limit, '--limit') ?? (quick ? 2 : Infinity);
  const extrasLimit = positive(values['extras-limit'], '--extras-limit') ?? 20;
  const wanted = list(values.sections);
  const unknown = wanted.filter((id) => !SECTIONS.some((s) => s.id === id));
  if (unknown.length > 0) throw new Error(`unknown section(s): ${unknown.join(', ')}`);
  const sections = SECTIONS.filter((s) => wanted.length === 0 || wanted.includes(s.id));
  const options = {
    quick,
    timeoutMs,
    nativeTimeoutMs,
    extrasTimeoutMs,
    sets: list(values.sets),
    limit,
    extrasLimit,
    extras: !values['no-extras'],
  };
  const report = values.report === undefined ? reportPath : path.resolve(values.report);
  return { options, sections, report };
}

/** The always-regenerated head of BENCHMARKS.md: command, machine, date. */
function header(command: string): string {
  const m = machineInfo();
  const rows = [
    ['command', `\`${command}\``],
    ['date', new Date().toISOString().replace('T', ' ').slice(0, 19) + ' UTC'],
    ['CPU', m.cpu],
    ['cores', String(m.cores)],
    ['RAM', `${m.ramGiB.toFixed(1)} GiB`],
    ['Node', m.node],
    ['OS', m.os],
  ];
  return `Last run (each section below states its own command and date):\n\n${table(['what', 'value'], rows)}`;
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const { options, sections, report } = parseOptions(argv);
  const command = ['pnpm bench', ...argv].join(' ');
  const context: BenchContext = { repoRoot, command, options, log: (line) => console.log(line) };
  let doc = await readFile(report, 'utf8').catch(() => NEW_REPORT);
  let failed = false;
  for (const section of sections) {
    console.log(`== ${section.id}`);
    const result = await section.run(context);
    failed ||= result.failed;
    doc = replaceSection(doc, section.id, result.markdown);
  }
  doc = replaceSection(doc, 'header', header(command), 'top');
  await writeFile(report, doc);
  console.log(`wrote ${path.relative(process.cwd(), report) || report}`);
  if (failed)
    console.error('!!! the bench found wrong answers or errors: see above and BENCHMARKS.md');
  return failed ? 1 : 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  process.exitCode = 2;
}
