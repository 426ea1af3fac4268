/**
 * Your own puzzle in solo: 81 cells or an f-puzzles / SudokuPad link, read and checked in the
 * engine worker under the chosen variant (exactly one solution, then graded), played at once
 * and given an address that opens the same puzzle anywhere (`/solo?puzzle=…&variant=…`).
 * A refusal says why in the current language: what could not be read, two clashing givens
 * (which digit, which house, which cells), no solution, or two cells where two solutions
 * differ (with both solutions' digits there).
 */
import { cellName, formatGrid, type ImportProblem, type VariantIdName } from '@percent/engine';
import { signal } from '@preact/signals';
import { cellsText, conflictText } from '../../board/houses.ts';
import { t } from '../../i18n/index.ts';
import { askEngine, EngineCancelled } from '../../workers/engine-client.ts';
import type { ImportAnswer } from '../../workers/protocol.ts';
import { notice, session } from './actions.ts';
import { saveSession, startSession } from './session.ts';

export const importing = signal(false);
/**
 * Why the last brought puzzle was refused, shown under the import form (kept as the answer, so
 * the text follows a change of language); undefined: none.
 */
export const refusal = signal<Refusal | undefined>(undefined);

export type Refusal =
  | { readonly answer: Exclude<ImportAnswer, { ok: true }>; readonly variant: VariantIdName }
  | { readonly message: string };

/** The refusal in the current language. */
export const refusalTextOf = (shown: Refusal): string =>
  'message' in shown
    ? t('solo.failed', { message: shown.message })
    : refusalText(shown.answer, shown.variant);

/** The solo address that opens this puzzle (81 digits, 0 for a blank) under this variant. */
export function shareAddress(puzzle: Uint8Array, variant: VariantIdName): string {
  return `/solo?puzzle=${formatGrid(puzzle, '0')}&variant=${variant}`;
}

/**
 * Reads, checks and starts `text` under `variant`; true once the game started. The address
 * becomes the puzzle's share address (pushed, so Back returns to the game before).
 */
export async function importPuzzle(
  text: string,
  variant: VariantIdName,
  { push = true } = {},
): Promise<boolean> {
  if (importing.value) return false;
  importing.value = true;
  refusal.value = undefined;
  try {
    const answer = await askEngine({ type: 'import', variant, text });
    if (!answer.ok) {
      refusal.value = { answer, variant };
      return false;
    }
    notice.value = undefined;
    session.value = startSession(variant, answer.grade.difficulty, answer);
    saveSession(session.value);
    const address = shareAddress(answer.puzzle, variant);
    if (push) history.pushState(null, '', address);
    else history.replaceState(null, '', address);
    return true;
  } catch (error) {
    if (!(error instanceof EngineCancelled)) refusal.value = { message: String(error) };
    return false;
  } finally {
    importing.value = false;
  }
}

/** Why the puzzle was refused, in the current language. */
export function refusalText(
  answer: Exclude<ImportAnswer, { ok: true }>,
  variant: VariantIdName,
): string {
  if ('problem' in answer) return problemText(answer.problem);
  const check = answer.check;
  switch (check.reason) {
    case 'clash':
      return t('import.clash', {
        conflict: conflictText(check.conflict, variant),
        cells: cellsText(check.conflict.cells),
      });
    case 'noSolution':
      return t('import.noSolution', { variant: t(`variant.${variant}`) });
    case 'severalSolutions': {
      const [a, b] = check.cells;
      const [s1, s2] = check.solutions;
      return t('import.several', {
        variant: t(`variant.${variant}`),
        first: `${cellName(a)} = ${s1[a]} / ${s2[a]}`,
        second: `${cellName(b)} = ${s1[b]} / ${s2[b]}`,
      });
    }
    case 'unknown':
      return t('import.unknown');
  }
}

function problemText(problem: ImportProblem): string {
  switch (problem.kind) {
    case 'cellCount':
      return t('import.cellCount', { count: problem.cells });
    case 'character':
      return t('import.character', { char: problem.char, cell: problem.cell });
    case 'link':
      return problem.host ? t('import.otherSite', { host: problem.host }) : t('import.badLink');
    case 'data':
      return t('import.data');
    case 'sudokupadFormat':
      return t('import.sudokupadFormat');
    case 'shortLink':
      return t('import.shortLink', { site: problem.site });
    case 'size':
      return t('import.size', { size: problem.size ?? '?' });
    case 'rules':
      return t('import.rules', { rules: problem.rules.join(', ') });
    case 'given':
      return t('import.given', { cell: cellName(problem.cell), value: problem.value });
  }
}
