/**
 * Your own puzzle in solo: 81 cells or an f-puzzles / SudokuPad link, read and checked in the
 * engine worker under the chosen variant (exactly one solution, then graded), played at once
 * and given an address that opens the same puzzle anywhere (`/solo?puzzle=…&variant=…`).
 * A refusal says why in the current language: what could not be read, two clashing givens
 * (which digit, which house, which cells), no solution, or two cells where two solutions
 * differ (with both solutions' digits there).
 */
import { formatGrid, type VariantIdName } from '@percent/engine';
import { signal } from '@preact/signals';
import { t } from '../../i18n/index.ts';
import { refusalText } from '../../i18n/import-text.ts';
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
