/**
 * What the solo buttons do. Module-level signals so a game keeps running while the player
 * visits another page of the app.
 */
import {
  DIFFICULTIES,
  isDifficulty,
  isVariantId,
  type DifficultyName,
  type VariantIdName,
} from '@percent/engine';
import { signal } from '@preact/signals';
import { t } from '../../i18n/index.ts';
import { combine, setVerdict, type Action, type GameState } from '../../state/index.ts';
import { readStoredJson, writeStored } from '../../ui/storage.ts';
import { askEngine, cancelEngine, EngineCancelled } from '../../workers/engine-client.ts';
import type { SatReport } from '../../workers/protocol.ts';
import { dispatch } from '../../state/store.ts';
import { hintView } from '../../i18n/hint-text.ts';
import {
  boardKey,
  climb,
  isLadderHint,
  placementsOf,
  rungOf,
  rungView,
  type Ladder,
} from './hint-ladder.ts';
import {
  restoreSession,
  saveSession,
  startSession,
  updateSolved,
  type Session,
} from './session.ts';

export type Busy = 'generate' | 'hint' | 'sat';
export type Tone = 'info' | 'ok' | 'error';

export const session = signal<Session | undefined>(restoreSession());
export const busy = signal<Busy | undefined>(undefined);
export const notice = signal<{ text: string; tone: Tone } | undefined>(undefined);
export const hintCells = signal<readonly number[]>([]);
export const hintArea = signal<readonly number[]>([]);
export const satReport = signal<SatReport | undefined>(undefined);
/** The hint being climbed (hint-ladder.ts); a press on another board starts afresh. */
export const ladder = signal<Ladder | undefined>(undefined);

interface Choice {
  readonly variant: VariantIdName;
  readonly difficulty: DifficultyName;
}

function storedChoice(): Choice {
  const data = readStoredJson('solo.choice') as Partial<Record<keyof Choice, string>> | undefined;
  const variant = data?.variant && isVariantId(data.variant) ? data.variant : 'percent';
  const difficulty =
    data?.difficulty && isDifficulty(data.difficulty) ? data.difficulty : DIFFICULTIES[0];
  return { variant, difficulty };
}

export const choice = signal<Choice>(storedChoice());

export function choose(next: Partial<Choice>): void {
  choice.value = { ...choice.value, ...next };
  writeStored('solo.choice', JSON.stringify(choice.value));
}

/** Generation may take a while for hard grades; past this it gives up and says so. */
const GENERATE_MS = 30_000;

const randomSeed = (): string => `${Date.now()}-${Math.random().toString(36).slice(2)}`;

export async function newPuzzle(): Promise<void> {
  if (busy.value) return;
  const { variant, difficulty } = choice.value;
  await run('generate', async () => {
    const found = await askEngine({
      type: 'generate',
      variant,
      difficulty,
      seed: randomSeed(),
      timeMs: GENERATE_MS,
    });
    if ('timedOut' in found) return say(t('solo.timeout'), 'error');
    session.value = startSession(variant, difficulty, found);
    saveSession(session.value);
  });
}

export const cancel = (): void => cancelEngine();

/** Runs one engine request as `kind`, clearing the last hint/report and reporting failures. */
async function run(kind: Busy, work: () => Promise<void>): Promise<void> {
  busy.value = kind;
  notice.value = undefined;
  hintCells.value = [];
  hintArea.value = [];
  if (kind !== 'hint') satReport.value = undefined;
  try {
    await work();
  } catch (error) {
    if (!(error instanceof EngineCancelled))
      say(
        t('solo.failed', { message: error instanceof Error ? error.message : String(error) }),
        'error',
      );
  } finally {
    busy.value = undefined;
  }
}

const say = (text: string, tone: Tone): void => {
  notice.value = { text, tone };
};

export function act(action: Action): void {
  const current = session.value;
  if (!current) return;
  dispatch(current.game, action);
  updateSolved(current);
}

/** Marks entries that differ from the solution as wrong. */
export function check(): void {
  const current = session.value;
  if (!current) return;
  let state = current.game.value;
  let wrong = 0;
  state.marks.entries.forEach((d, cell) => {
    if (d === 0) return;
    const ok = d === current.solution[cell];
    if (!ok) wrong++;
    state = setVerdict(state, cell, ok ? 'confirmed' : 'wrong');
  });
  current.game.value = state;
  say(wrong ? t('solo.checkWrong', { count: wrong }) : t('solo.checkOk'), wrong ? 'error' : 'ok');
}

export function reveal(): void {
  const current = session.value;
  if (!current) return;
  // A revealed board is not the player's solve: not recorded, not posted.
  current.assisted.value = true;
  act({ type: 'place', placements: [...current.solution].map((digit, cell) => ({ cell, digit })) });
}

/**
 * Hint: the next rung of the current hint while the entries are unchanged (no engine call),
 * else a new hint from the engine — wrong entries first (marked wrong, all at once), else the
 * first rung of the next step's ladder.
 */
export async function askHint(): Promise<void> {
  const current = session.value;
  if (!current || busy.value) return;
  const state = current.game.value;
  const board = boardKey(state);
  const next = climb(ladder.value, board);
  if (next) return showRung(next);
  ladder.value = undefined;
  await run('hint', async () => {
    const request = {
      type: 'hint',
      variant: state.variant,
      puzzle: state.givens,
      board: combine(state.givens, state.marks.entries),
      solution: current.solution,
    } as const;
    const answer = await askEngine(request);
    // The board stayed editable while the engine thought: a hint for an older board is dropped.
    if (session.value !== current || boardKey(current.game.value) !== board) return;
    if (isLadderHint(answer)) return showRung({ board, hint: answer, rung: 0 });
    const view = hintView(answer, state.variant);
    if (answer.kind === 'wrong')
      current.game.value = answer.cells.reduce(
        (s, c) => setVerdict(s, c, 'wrong'),
        current.game.value,
      );
    hintCells.value = view.cells;
    hintArea.value = view.area;
    say(view.text, 'info');
  });
}

/** After a change of the entries, a hint being climbed is stale: its text and tints go. */
export function dropStaleHint(state: GameState): void {
  const current = ladder.peek();
  if (!current || current.board === boardKey(state)) return;
  ladder.value = undefined;
  hintCells.value = [];
  hintArea.value = [];
  notice.value = undefined;
}

/** Shows one rung of a hint; the last rung places its digit (one undo step) and ends it. */
function showRung(next: Ladder): void {
  const current = session.value;
  if (!current) return;
  const view = rungView(next, current.game.value.variant);
  const placing = rungOf(next) === 'place';
  ladder.value = placing ? undefined : next;
  if (placing) act({ type: 'place', placements: placementsOf(next.hint) });
  hintCells.value = view.cells;
  hintArea.value = view.area;
  say(view.text, 'info');
}

export async function solveWithSat(): Promise<void> {
  const current = session.value;
  if (!current || busy.value) return;
  const { variant, givens } = current.game.value;
  await run('sat', async () => {
    satReport.value = await askEngine({ type: 'sat', variant, puzzle: givens });
  });
}

export function fillFromSat(): void {
  const solution = satReport.value?.solution;
  if (!solution || !session.value) return;
  session.value.assisted.value = true;
  act({ type: 'place', placements: [...solution].map((digit, cell) => ({ cell, digit })) });
}
