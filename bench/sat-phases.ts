/**
 * The SAT section's issue-23 view: where ours spends its in-process time, set by set (parse,
 * XOR detection, elimination, loading, search — `stats.phases` of `percent sat --json`), next
 * to MiniSat's own CPU time and conflict counts, and the issue's targets on them.
 */
import type { PhaseTimes } from '@percent/engine';
import { ms, table } from './markdown.ts';
import { median } from './sat-net.ts';
import type { InstanceResult } from './sat-judge.ts';

/** Issue 23's targets. */
const FAMILY_LIMIT = 2;
const TOTAL_LIMIT = 1.5;
const WHOLE_PROCESS_EXTRA_MS = 100;
/** The sets whose median conflict counts are held against MiniSat's. */
const CONFLICT_SETS = ['uf250-1065', 'uuf250-1065'] as const;

interface SetPhases {
  readonly set: string;
  readonly files: number;
  readonly parseMs: number;
  readonly phases: PhaseTimes;
  /** Ours solve + parse, over the files minisat also ran on. */
  readonly oursMs: number;
  readonly minisatMs: number;
  /** Some run of either was undecided: the sums are lower bounds. */
  readonly censored: boolean;
  /** Ours wall minus minisat wall, the worst file. */
  readonly worstExtraMs: number;
  readonly overExtra: number;
  readonly conflicts: { readonly ours: number; readonly minisat: number } | undefined;
}

const ZERO: PhaseTimes = { xorMs: 0, eliminateMs: 0, loadMs: 0, searchMs: 0 };

function setPhases(set: string, results: readonly InstanceResult[]): SetPhases {
  const both = results.filter((r) => r.minisat !== undefined);
  const phases = { ...ZERO };
  for (const r of results) {
    for (const key of Object.keys(ZERO) as (keyof PhaseTimes)[]) {
      phases[key] += r.ours.phases?.[key] ?? 0;
    }
  }
  // Files where both ran out of time are left out: the limits differ, not the solvers.
  const extras = both
    .filter((r) => !(r.ours.censored && r.minisat!.censored))
    .map((r) => r.ours.wallMs - r.minisat!.wallMs);
  const decided = both.filter((r) => !r.ours.censored && !r.minisat!.censored);
  const counted = decided.filter((r) => r.minisat!.conflicts !== undefined);
  return {
    set,
    files: results.length,
    parseMs: results.reduce((t, r) => t + r.ours.parseMs, 0),
    phases,
    oursMs: both.reduce((t, r) => t + r.ours.ms + r.ours.parseMs, 0),
    minisatMs: both.reduce((t, r) => t + r.minisat!.ms, 0),
    censored: both.some((r) => r.ours.censored || r.minisat!.censored),
    worstExtraMs: extras.length === 0 ? Number.NaN : Math.max(...extras),
    overExtra: extras.filter((e) => e > WHOLE_PROCESS_EXTRA_MS).length,
    conflicts:
      counted.length === 0
        ? undefined
        : {
            ours: median(counted.map((r) => r.ours.conflicts ?? 0)),
            minisat: median(counted.map((r) => r.minisat!.conflicts!)),
          },
  };
}

function bySet(results: readonly InstanceResult[]): SetPhases[] {
  const sets = [...new Set(results.map((r) => r.instance.set))];
  return sets.map((set) =>
    setPhases(
      set,
      results.filter((r) => r.instance.set === set),
    ),
  );
}

/** A difference in ms, `−` for ours faster; `—` when no file counts. */
const signedMs = (value: number): string =>
  Number.isNaN(value) ? '—' : value < 0 ? `−${ms(-value)}` : ms(value);

const ratio = (p: SetPhases): number => p.oursMs / Math.max(p.minisatMs, 0.001);
const ratioCell = (p: SetPhases): string =>
  p.minisatMs === 0 && p.oursMs === 0 ? '—' : `${p.censored ? '~ ' : ''}${ratio(p).toFixed(2)}×`;

/** The per-set phase table. */
export function renderPhases(results: readonly InstanceResult[]): string {
  const rows = bySet(results).map((p) => [
    p.set,
    String(p.files),
    ms(p.parseMs),
    ms(p.phases.xorMs),
    ms(p.phases.eliminateMs),
    ms(p.phases.loadMs),
    ms(p.phases.searchMs, p.censored),
    ms(p.oursMs, p.censored),
    ms(p.minisatMs, p.censored),
    ratioCell(p),
    `${signedMs(p.worstExtraMs)}${p.overExtra > 0 ? ` (${p.overExtra} over ${WHOLE_PROCESS_EXTRA_MS})` : ''}`,
    p.conflicts === undefined ? '—' : `${p.conflicts.ours} / ${p.conflicts.minisat}`,
  ]);
  const headers = [
    ...['set', 'files', 'parse ms', 'XOR ms', 'elim ms', 'load ms', 'search ms'],
    ...['ours in-process ms', 'minisat CPU ms', 'in-process ratio'],
    ...['ours − minisat wall, worst file ms', 'median conflicts ours / minisat'],
  ];
  return (
    'Ours in-process = parse + XOR detection + elimination + loading + search, each summed over the set (`stats.phases` of `--json`); minisat CPU is its own `CPU time` line (parsing included). Sums over the files both ran; `~` marks sums with an undecided run.\n\n' +
    table(
      headers,
      rows,
      headers.map((_, i) => (i === 0 ? 'left' : 'right')),
    )
  );
}

/** The issue-23 targets, each met or missed with its figures. */
export function renderPhaseTargets(results: readonly InstanceResult[]): string {
  const sets = bySet(results).filter((p) => p.minisatMs > 0 && !p.set.startsWith('hust/'));
  const over = sets.filter((p) => ratio(p) > FAMILY_LIMIT);
  const ours = sets.reduce((t, p) => t + p.oursMs, 0);
  const minisat = sets.reduce((t, p) => t + p.minisatMs, 0);
  const total = ours / Math.max(minisat, 0.001);
  const extraFiles = sets.reduce((t, p) => t + p.overExtra, 0);
  const verdict = (met: boolean) => (met ? 'met' : '**missed**');
  const lines = [
    `1. **Every family ≤ ${FAMILY_LIMIT}× MiniSat in-process:** ${verdict(over.length === 0)} — ${sets.length - over.length} of ${sets.length} sets within.` +
      (over.length > 0 ? ` Over: ${over.map((p) => `${p.set} ${ratioCell(p)}`).join(', ')}.` : ''),
    `2. **Total ≤ ${TOTAL_LIMIT}× MiniSat in-process:** ${verdict(total <= TOTAL_LIMIT)} — ${ms(ours)} ms vs ${ms(minisat)} ms = ${total.toFixed(2)}×.`,
    `3. **Whole process ≤ MiniSat + ${WHOLE_PROCESS_EXTRA_MS} ms on every file** (files both left undecided aside): ${verdict(extraFiles === 0)} — ${extraFiles} file(s) over` +
      (extraFiles > 0
        ? `: ${sets
            .filter((p) => p.overExtra > 0)
            .map((p) => `${p.set} ${p.overExtra}`)
            .join(', ')}.`
        : '.'),
    ...CONFLICT_SETS.map((name, i) => {
      const c = sets.find((p) => p.set === name)?.conflicts;
      if (c === undefined)
        return `${4 + i}. **${name}: median conflicts ≤ MiniSat's:** not measured.`;
      return `${4 + i}. **${name}: median conflicts ≤ MiniSat's:** ${verdict(c.ours <= c.minisat)} — ${c.ours} vs ${c.minisat}.`;
    }),
  ];
  return lines.join('\n');
}
