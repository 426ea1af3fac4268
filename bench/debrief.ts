import {
  createRng,
  debriefRace,
  DIFFICULTIES,
  formatGrid,
  generate,
  getVariant,
  simulatePlayer,
  type Debrief,
  type DebriefInput,
  type DifficultyName,
} from '@percent/engine';
import os from 'node:os';
import { machineInfo } from './machine.ts';
import { ms, table } from './markdown.ts';
import type { BenchContext, BenchSection, SectionResult } from './section.ts';

/**
 * The debrief section (issue 14: "the debrief for a race of 4 players is ready within 1 s of
 * the race's end"). Seeded races on generated percent puzzles of each difficulty: four
 * simulated players each fill the solution in a random order 2–12 s apart, with 3 wrong
 * digits that clash with the board and 3 that do not (each later corrected) and 2–3 pauses
 * of 25–60 s. The four debriefs run one after the other in this process, sharing one budget
 * the way the client's engine worker does (`debriefPlayers`, 900 ms), and the wall time of
 * the whole race is what is reported.
 */
export const debriefSection: BenchSection = { id: 'debrief', run: runDebrief };

const PLAYERS = 4;
/** The client's budget for a whole race (packages/client/src/workers/engine-client.ts). */
const RACE_BUDGET_MS = 900;
const TARGET_MS = 1_000;

interface RaceRun {
  readonly difficulty: DifficultyName;
  readonly ms: number;
  /** CPU time of the process (user + system) over the race, ms: less swayed by other jobs. */
  readonly cpuMs: number;
  readonly debriefs: readonly Debrief[];
}

async function runDebrief(context: BenchContext): Promise<SectionResult> {
  const load = os.loadavg()[0]!;
  const races = context.options.quick ? 2 : 8;
  const runs: RaceRun[] = [];
  for (const difficulty of DIFFICULTIES) {
    for (let race = 0; race < races; race++) {
      runs.push(timed(difficulty, raceInputs(difficulty, race, REALISTIC)));
      context.log(`debrief ${difficulty} #${race + 1}: ${ms(runs.at(-1)!.ms)} ms`);
    }
  }
  const stress = [0, 1].map((race) => timed('expert', raceInputs('expert', race, STRESS)));
  context.log(`stress: ${stress.map((r) => ms(r.ms)).join(', ')} ms`);
  return { markdown: report(context, runs, races, load) + stressNote(stress), failed: false };
}

/** What a player gets wrong in the measured races: 3 of each kind, 2–3 long pauses. */
const REALISTIC = { clashes: 3, quiet: 3, pauses: 2 } as const;
/** The worst we imagine: 12 wrong digits that repeat nothing, early in an expert puzzle. */
const STRESS = { clashes: 0, quiet: 12, pauses: 0 } as const;

function timed(difficulty: DifficultyName, inputs: readonly DebriefInput[]): RaceRun {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const debriefs = debriefRace(inputs, { budgetMs: RACE_BUDGET_MS });
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  return { difficulty, ms: performance.now() - started, cpuMs, debriefs };
}

function stressNote(runs: readonly RaceRun[]): string {
  const debriefs = runs.flatMap((r) => r.debriefs);
  const mistakes = debriefs.flatMap((d) => d.mistakes);
  const unknown = mistakes.filter((m) => m.why.kind === 'unknown').length;
  const of = (kind: string): number => mistakes.filter((m) => m.why.kind === kind).length;
  const complete = debriefs.filter((d) => d.complete).length;
  return (
    `\n\nStress: ${runs.length} expert races whose 4 players each enter ${STRESS.quiet} wrong digits that repeat nothing, in the first half of the solve: ` +
    `${runs.map((r) => ms(r.ms)).join(' and ')} ms; ${complete} of ${debriefs.length} debriefs complete, ` +
    `${unknown} of ${mistakes.length} mistakes left unexplained when the budget ran out; ` +
    `explained by a logic chain ${of('logic')}, a contradiction ${of('contradiction')}, a SAT house set ${of('sat')}.`
  );
}

/** The inputs of one seeded race: a puzzle of that difficulty, four simulated players. */
function raceInputs(
  difficulty: DifficultyName,
  race: number,
  mistakes: typeof REALISTIC | typeof STRESS,
): DebriefInput[] {
  const variant = getVariant('percent');
  const rng = createRng(`bench-debrief-${difficulty}-${race}`);
  const made = generate({ variant, rng, difficulty, budget: { timeMs: 60_000 } });
  if (made.status !== 'ok') throw new Error(`no ${difficulty} puzzle for race ${race}`);
  const [puzzle, solution] = [formatGrid(made.puzzle, '0'), formatGrid(made.solution, '0')];
  return Array.from({ length: PLAYERS }, () => {
    const pauses = mistakes.pauses === 0 ? 0 : mistakes.pauses + rng.int(2);
    const player = simulatePlayer(made.puzzle, made.solution, variant, rng, {
      ...mistakes,
      pauses,
    });
    return { variant: 'percent', puzzle, solution, moves: player.moves, endMs: player.endMs };
  });
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const max = (values: readonly number[]): number => Math.max(...values);
const count = (n: number): string => n.toLocaleString('en-US');

function report(
  context: BenchContext,
  runs: readonly RaceRun[],
  races: number,
  load: number,
): string {
  const m = machineInfo();
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const times = runs.map((r) => r.ms);
  const complete = runs.every((r) => r.debriefs.every((d) => d.complete));
  const met = max(times) < TARGET_MS && complete;
  const rows = DIFFICULTIES.map((difficulty) => {
    const these = runs.filter((r) => r.difficulty === difficulty);
    const t = these.map((r) => r.ms);
    const cpu = these.map((r) => r.cpuMs);
    return [
      difficulty,
      String(these.length),
      ms(median(t)),
      ms(max(t)),
      ms(median(cpu)),
      ...explained(these),
    ];
  });
  return [
    '## Race debrief',
    '',
    `_Measured by \`${context.command}\` on ${date} UTC: ${m.cpu}, ${m.cores} cores, ${m.os}, Node ${m.node}; one thread, in the bench process; load average ${load.toFixed(1)} when it began._`,
    '',
    `**A race of ${PLAYERS} players debriefed in ${ms(median(times))} ms (median), ${ms(max(times))} ms at most** over ${runs.length} races (the first one cold), ${ms(median(runs.map((r) => r.cpuMs)))} ms of CPU time (median). Target: under ${count(TARGET_MS)} ms: ${met ? 'met' : 'not met'}; every debrief complete: ${complete ? 'yes' : 'no'}.`,
    '',
    table(
      [
        'difficulty',
        'races',
        'median ms',
        'max ms',
        'median CPU ms',
        'clash',
        'logic chain (steps: median, max)',
        'contradiction (placements: median, max)',
        'SAT (houses: median)',
        'unknown',
        'pauses',
      ],
      rows,
      ['left', ...Array<'right'>(10).fill('right')],
    ),
    '',
    `Method: ${races} seeded races per difficulty (\`bench-debrief-<difficulty>-<n>\`), each on a percent puzzle made by \`generate\` and four players from \`simulatePlayer\`: the blanks in a random order 2–12 s apart, 3 wrong digits that repeat one on the board and 3 that repeat nothing (each corrected later), 2–3 pauses of 25–60 s. The time is the wall clock of the four players' debriefs within one ${RACE_BUDGET_MS} ms budget (\`debriefRace\`, as the client's engine worker runs it); the first SAT argument of the run also pays for building its formula (the rules with a switch per house). A wrong digit that repeats nothing is explained by a chain of at most 8 technique steps where one exists, else by a contradiction: the digit assumed, singles alone force at most 10 placements (pruned to those the conflict needs) until a cell has no digit or a house no place for one — unless the SAT argument needs at most 4 houses and the contradiction more than 4 placements; else by the houses the SAT solver needs to refute it.`,
  ].join('\n');
}

/** The mistakes by kind of explanation, and the pauses, over these races. */
function explained(runs: readonly RaceRun[]): string[] {
  const mistakes = runs.flatMap((r) => r.debriefs.flatMap((d) => d.mistakes));
  const chains = mistakes.flatMap((x) => (x.why.kind === 'logic' ? [x.why.steps.length] : []));
  const refuted = mistakes.flatMap((x) =>
    x.why.kind === 'contradiction' ? [x.why.steps.length] : [],
  );
  const sat = mistakes.flatMap((x) => (x.why.kind === 'sat' ? [x.why.houses.length] : []));
  const unknown = mistakes.filter((x) => x.why.kind === 'unknown').length;
  const clash = mistakes.filter((x) => x.why.kind === 'clash').length;
  const pauses = runs.reduce((n, r) => n + r.debriefs.reduce((k, d) => k + d.pauses.length, 0), 0);
  return [
    count(clash),
    chains.length === 0 ? '0' : `${count(chains.length)} (${median(chains)}, ${max(chains)})`,
    refuted.length === 0 ? '0' : `${count(refuted.length)} (${median(refuted)}, ${max(refuted)})`,
    sat.length === 0 ? '0' : `${count(sat.length)} (${median(sat)})`,
    count(unknown),
    count(pauses),
  ];
}
