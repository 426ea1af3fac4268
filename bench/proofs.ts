/**
 * The proofs section: every UNSAT answer of the chosen sets gets a DRAT proof (`percent sat
 * --proof`, binary), checked by ours (`percent check`) and by drat-trim (compiled from
 * ../shared/tools/drat-trim when a C compiler is there). `pnpm bench --sections proofs`.
 * The SATLIB sets come from ../shared/data/cnf (skipped when absent); two pigeonhole formulas
 * are made here, so the section always has something to show.
 */
import {
  buildDratTrim,
  buildLratCheck,
  dratTrimVerdict,
  lratCheckVerdict,
} from '../test/support/drat-trim.ts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatDimacs, pigeonhole } from '@percent/engine';
import {
  dataDir,
  hasData,
  isSatlibFamily,
  readManifest,
  SAT_SETS,
  spreadSample,
} from './sat-data.ts';
import { ms, table } from './markdown.ts';
import { machineInfo } from './machine.ts';
import { runProcess } from './proc.ts';
import type { BenchContext, BenchSection, SectionResult } from './section.ts';

export const proofsSection: BenchSection = { id: 'proofs', run: runProofs };

/**
 * The sets whose UNSAT files (the manifest's `verified` column) get proofs: the course's
 * check table and every SATLIB family with UNSAT files, as the SAT section orders them.
 * `--limit N` takes N per set, spread evenly through it; `--quick` 3.
 */
const PROOF_SETS = SAT_SETS.filter((set) => set === 'hust/check' || isSatlibFamily(set));

interface FileRun {
  readonly file: string;
  /** `unsat` with a proof, or what else the solver said. */
  readonly status: string;
  readonly lemmas: number;
  readonly bytes: number;
  readonly solveMs: number;
  /** Ours: `verified`, `failed: …` or `unknown`. */
  readonly ours: string;
  readonly oursMs: number;
  /** Lemmas ours checked: those the refutation uses. */
  readonly oursChecked: number;
  /** drat-trim's `s` line, or undefined without it. */
  readonly dratTrim?: string;
  readonly dratTrimMs?: number;
  /** lrat-check's verdict on the LRAT ours wrote while checking, or undefined without it. */
  readonly lrat?: string;
  readonly lratMs?: number;
}

const LAUNCHER = 'packages/engine/bin/percent.js';

async function proveOne(
  root: string,
  file: string,
  work: string,
  timeoutMs: number,
  tools: Tools,
): Promise<FileRun> {
  const proof = path.join(work, 'proof.drat');
  const launcher = path.join(root, LAUNCHER);
  const args = ['sat', file, '--proof', proof, '--proof-format', 'binary', '--json'];
  const solve = await runProcess(
    process.execPath,
    [launcher, ...args, '--timeout', String(timeoutMs), '--out', `${proof}.res`],
    timeoutMs + 30_000,
  );
  const json = JSON.parse(solve.stdout || '{}') as {
    status?: string;
    ms?: number;
    proof?: { lemmas: number; bytes: number };
  };
  const base = {
    file: path.basename(file),
    status: json.status ?? `error ${solve.stderr.trim().slice(0, 80)}`,
    lemmas: json.proof?.lemmas ?? 0,
    bytes: json.proof?.bytes ?? 0,
    solveMs: json.ms ?? solve.wallMs,
  };
  if (json.status !== 'unsat') return { ...base, ours: '–', oursMs: 0, oursChecked: 0 };
  const check = await runProcess(
    process.execPath,
    [launcher, 'check', file, proof, '--json', '--lrat', `${proof}.lrat`],
    600_000,
  );
  const verdict = JSON.parse(check.stdout || '{}') as {
    status?: string;
    message?: string;
    stats?: { ms: number; lemmas: number };
  };
  const ours =
    verdict.status === 'failed' ? `failed: ${verdict.message}` : (verdict.status ?? 'error');
  const oursMs = verdict.stats?.ms ?? check.wallMs;
  const result: FileRun = { ...base, ours, oursMs, oursChecked: verdict.stats?.lemmas ?? 0 };
  const trim = tools.dratTrim && dratTrimVerdict(tools.dratTrim, file, proof);
  const started = performance.now();
  const lrat = tools.lratCheck && lratCheckVerdict(tools.lratCheck, file, `${proof}.lrat`);
  const lratMs = performance.now() - started;
  return {
    ...result,
    ...(trim && { dratTrim: trim.verdict, dratTrimMs: trim.ms }),
    ...(lrat && { lrat, lratMs }),
  };
}

/** The independent checkers compiled here (absent without a C compiler or ../shared). */
interface Tools {
  readonly dratTrim?: string;
  readonly lratCheck?: string;
}

const sum = (runs: readonly FileRun[], f: (r: FileRun) => number): number =>
  runs.reduce((n, r) => n + f(r), 0);

function row(set: ProofSet, runs: readonly FileRun[], tools: Tools): string[] {
  const withTrim = tools.dratTrim !== undefined;
  const withLrat = tools.lratCheck !== undefined;
  const proved = runs.filter((r) => r.status === 'unsat');
  const ours = proved.filter((r) => r.ours === 'verified').length;
  const trim = proved.filter((r) => r.dratTrim === 'VERIFIED').length;
  const mb = (sum(proved, (r) => r.bytes) / 1e6).toFixed(2);
  const of = set.available > runs.length ? ` (of ${set.available})` : '';
  return [
    set.name,
    `${proved.length} / ${runs.length}${of}`,
    String(ours),
    withTrim ? String(trim) : '–',
    sum(proved, (r) => r.lemmas).toLocaleString('en-US'),
    sum(proved, (r) => r.oursChecked).toLocaleString('en-US'),
    mb,
    ms(sum(proved, (r) => r.solveMs)),
    ms(sum(proved, (r) => r.oursMs)),
    withTrim ? ms(sum(proved, (r) => r.dratTrimMs ?? 0)) : '–',
    withLrat ? String(proved.filter((r) => r.lrat === 'VERIFIED').length) : '–',
    withLrat ? ms(sum(proved, (r) => r.lratMs ?? 0)) : '–',
  ];
}

interface ProofSet {
  readonly name: string;
  readonly files: string[];
  /** UNSAT files in the set (more than `files` under `--limit`). */
  readonly available: number;
}

/** The UNSAT files of each proof set in the shared data (none when it is absent). */
async function unsatSets(repoRoot: string, options: BenchContext['options']): Promise<ProofSet[]> {
  const dir = dataDir(repoRoot);
  if (!hasData(dir)) return [];
  const manifest = await readManifest(dir);
  const limit = options.quick ? 3 : options.limit;
  return PROOF_SETS.filter((set) => options.sets.length === 0 || options.sets.includes(set))
    .map((set) => {
      const unsat = (manifest.get(set) ?? []).filter((i) => i.verified === 'UNSAT');
      const picked = spreadSample(unsat.length, limit);
      const files = unsat.filter((_, i) => picked.has(i)).map((i) => i.absPath);
      return { name: set, files, available: unsat.length };
    })
    .filter((set) => set.files.length > 0);
}

async function runProofs(context: BenchContext): Promise<SectionResult> {
  const { repoRoot, options } = context;
  const work = mkdtempSync(path.join(tmpdir(), 'percent-proofs-'));
  const timeoutMs = options.quick ? 10_000 : Math.min(options.timeoutMs, 60_000);
  try {
    const trim = buildDratTrim(repoRoot, work);
    const tools: Tools = { dratTrim: trim.path, lratCheck: buildLratCheck(repoRoot, work).path };
    const sets: ProofSet[] = [];
    for (const [pigeons, holes] of [
      [8, 7],
      [9, 8],
    ] as const) {
      const file = path.join(work, `php-${pigeons}-${holes}.cnf`);
      writeFileSync(file, formatDimacs(pigeonhole(pigeons, holes)));
      sets.push({
        name: `pigeonhole ${pigeons}→${holes} (generated)`,
        files: [file],
        available: 1,
      });
    }
    sets.push(...(await unsatSets(repoRoot, options)));
    const rows: string[][] = [];
    const wrong: string[] = [];
    const unproved: string[] = [];
    for (const set of sets) {
      const runs: FileRun[] = [];
      for (const file of set.files) {
        context.log(`proofs: ${set.name} ${path.basename(file)}`);
        const run = await proveOne(repoRoot, file, work, timeoutMs, tools);
        runs.push(run);
        if (run.status !== 'unsat') unproved.push(`${set.name}/${run.file} (${run.status})`);
        if (
          run.status === 'unsat' &&
          (run.ours !== 'verified' ||
            (tools.dratTrim && run.dratTrim !== 'VERIFIED') ||
            (tools.lratCheck && run.lrat !== 'VERIFIED'))
        )
          wrong.push(
            `${set.name}/${run.file}: ours ${run.ours}, drat-trim ${run.dratTrim ?? '–'}, LRAT ${run.lrat ?? '–'}`,
          );
      }
      rows.push(row(set, runs, tools));
    }
    return {
      markdown: render(context, { rows, wrong, unproved }, timeoutMs, trim.why),
      failed: wrong.length > 0,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

interface ProofRows {
  readonly rows: string[][];
  /** Proofs a checker did not verify. */
  readonly wrong: readonly string[];
  /** UNSAT files the solver did not refute within the limit while writing a proof. */
  readonly unproved: readonly string[];
}

function render(
  context: BenchContext,
  { rows, wrong, unproved }: ProofRows,
  timeoutMs: number,
  noTrim: string | undefined,
): string {
  const m = machineInfo();
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  return [
    '## DRAT proofs of UNSAT answers',
    `_Measured by \`${context.command}\` on ${date} UTC: ${m.cpu}, ${m.cores} cores, Node ${m.node}._`,
    `Each file: \`percent sat FILE --proof P --proof-format binary\` (limit ${timeoutMs / 1000} s; Gauss–Jordan XOR reasoning is off in a proof-writing search, but XORs that alone add up to 0 = 1 are refuted at once, the proof deriving their sum with extension variables; elimination stays on and is in the proof), then \`percent check FILE P --lrat L\` (ours) and drat-trim, both backward checking with core-first propagation: only the lemmas the refutation uses are checked; ours also writes them as LRAT with their hints, which lrat-check (beside drat-trim) verifies in linear time${noTrim ? ` — drat-trim not run here: ${noTrim}` : ''}. Times are totals over the files with a proof; the solve time is in-process (\`--json\` \`ms\`), the check times are each checker's own. SATLIB files from ../shared/data/cnf (see its SOURCES.md).`,
    wrong.length === 0
      ? '**Every proof written was verified by ours and drat-trim, and its LRAT by lrat-check.**'
      : `**Not verified:** ${wrong.join('; ')}`,
    table(
      [
        'set',
        'UNSAT with proof / files',
        'verified (ours)',
        'verified (drat-trim)',
        'lemmas',
        'checked by ours',
        'proof MB',
        'solve ms',
        'check ms (ours)',
        'check ms (drat-trim)',
        'LRAT verified (lrat-check)',
        'check ms (lrat-check)',
      ],
      rows,
      ['left', ...Array<'right'>(11).fill('right')],
    ),
    unproved.length === 0
      ? 'Every UNSAT file that ran was refuted with a proof.'
      : `Not proved within ${timeoutMs / 1000} s (Gauss–Jordan reasoning in the search is off while a proof is written: its steps are not written as DRAT; XORs that alone add up to 0 = 1 are proved): ${unproved.join(', ')}.`,
  ].join('\n\n');
}
