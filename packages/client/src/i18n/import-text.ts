/**
 * Why a brought puzzle (81 cells or a link) was refused, in the current language: what could
 * not be read, two clashing givens (which digit, which house, which cells), no solution, or two
 * cells where two solutions differ (with both solutions' digits there). Solo and the lobby.
 */
import { cellName, type ImportProblem, type VariantIdName } from '@percent/engine';
import { cellsText, conflictText } from '../board/houses.ts';
import type { ImportAnswer } from '../workers/protocol.ts';
import { t } from './index.ts';

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
