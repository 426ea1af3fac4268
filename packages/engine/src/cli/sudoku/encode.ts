import { dimacsLines } from '../../cnf/dimacs-write.ts';
import { describeConflict, findConflicts } from '../../sudoku/check.ts';
import { encodePuzzle, NUM_VARS } from '../../sudoku/encode.ts';
import { cellName, countGivens, formatGrid, type Grid } from '../../sudoku/grid.ts';
import {
  getVariant,
  HouseKind,
  type HouseKindName,
  type Variant,
  type VariantIdName,
} from '../../sudoku/variant.ts';
import { ExitCode } from '../exit-codes.ts';
import { loadOneParsed } from './load.ts';
import { LineWriter, openSink } from './sink.ts';

/** `percent encode` after option parsing; see commands/encode.ts. */
export interface EncodeRequest {
  readonly puzzle: string;
  readonly variant: VariantIdName;
  readonly out: string | undefined;
  readonly quiet: boolean;
}

/**
 * Writes the puzzle's DIMACS CNF (rules + one unit clause per given) with comment lines that
 * say what it encodes and how variables are numbered, so the file stands on its own in any
 * SAT solver and its model can be read back by hand. Givens that clash are encoded all the
 * same (the CNF is then unsatisfiable) after a warning.
 */
export async function runEncode(request: EncodeRequest): Promise<number> {
  const variant = getVariant(request.variant);
  const { where, grid } = await loadOneParsed(request.puzzle);
  const clash = findConflicts(variant, grid)[0];
  if (clash !== undefined && !request.quiet) {
    process.stderr.write(
      `${where}: warning: givens conflict: ${describeConflict(clash)}; the CNF is unsatisfiable\n`,
    );
  }
  const cnf = encodePuzzle(variant, grid);
  const out = new LineWriter(await openSink(request.out));
  for (const line of dimacsLines(cnf, encodeComments(variant, grid))) {
    out.text(line + '\n');
    if (out.needsFlush) await out.flush();
  }
  await out.close();
  if (request.out !== undefined && !request.quiet) {
    process.stderr.write(
      `encode: ${cnf.numVars} variables, ${cnf.clauses.length} clauses -> ${request.out}\n`,
    );
  }
  return ExitCode.ok;
}

const CLASSIC_KINDS = new Set<HouseKindName>([HouseKind.row, HouseKind.column, HouseKind.box]);

/** The comment block at the top of the file; the extra houses are listed cell by cell. */
export function encodeComments(variant: Variant, grid: Grid): string[] {
  const extra = variant.houses.filter((h) => !CLASSIC_KINDS.has(h.kind));
  return [
    `${variant.id} sudoku, written by percent encode`,
    `puzzle ${formatGrid(grid, '0')} (${countGivens(grid)} givens, row by row, 0 = blank)`,
    `variable v = (r-1)*81 + (c-1)*9 + d means "row r, column c holds digit d" (r, c, d in 1..9);`,
    `  ${NUM_VARS} variables; a model's true variables v give r = floor((v-1)/81)+1,`,
    `  c = floor((v-1)/9) mod 9 + 1, d = (v-1) mod 9 + 1`,
    `clauses: each cell holds exactly one digit; each of the ${variant.houses.length} houses holds`,
    `  each digit exactly once (rows, columns, boxes${extra.map((h) => `, ${h.name}`).join('')});`,
    `  then one unit clause per given`,
    ...extra.map((h) => `${h.name}: ${h.cells.map(cellName).join(' ')}`),
  ];
}
