/**
 * Loading a whole formula into the kernel in batches: clause records [n, literal 1, …,
 * literal n] written into its `input` and added by one `addClauses` call, instead of one call
 * (and a JavaScript visit) per clause, which in a fresh process cost ~0.7 µs a clause (ii8b4,
 * 8,214 clauses: 5.5–7.6 ms). Clauses the DIMACS parser read arrive as records already
 * (cnf/records.ts) and are copied a segment at a time; others are written record by record.
 */
import { Slot } from './kernel/kernel.ts';
import type { SolverCore } from './solver-core.ts';

/** Slots of the kernel's `input` a batch of clauses written one by one fills at most (256 KB). */
export const BATCH_SLOTS = 1 << 16;

/** Adds one clause with every check and answer of a single one; false once unsatisfiable. */
export type AddOne = (clause: ArrayLike<number>) => boolean;

/**
 * Runs the kernel's `addClauses` over the records in `input` up to slot `end`, recording the
 * clauses it stored in `core.problem`. A clause it leaves to JavaScript (a unit, the empty
 * clause, an invalid literal) goes to `addOne` as `clauseAt` gives it (the kernel rewrote its
 * record), and the batch goes on after it: `addOne` writes at `input`'s start, before that
 * record's successors. False once `addOne` says the formula is unsatisfiable.
 */
function addWritten(
  core: SolverCore,
  end: number,
  clauseAt: (slot: number) => ArrayLike<number>,
  addOne: AddOne,
): boolean {
  let slot = 0;
  while (slot < end) {
    const stop = core.kernel.addClauses(slot, end);
    core.sync();
    const stored = core.regs[Slot.stored]!;
    for (let k = 0; k < stored; k++) core.problem.push(core.input[k]!);
    if (stop === end) break;
    const clause = clauseAt(stop);
    if (!addOne(clause)) return false;
    slot = stop + clause.length + 1;
  }
  return true;
}

/** Adds the records of `segments` (cnf/records.ts) at level 0. False once unsatisfiable. */
export function addRecords(core: SolverCore, segments: readonly Int32Array[], addOne: AddOne) {
  for (const segment of segments) {
    core.backtrack(0);
    core.reserveInput(segment.length);
    core.input.set(segment);
    const clauseAt = (slot: number) => segment.subarray(slot + 1, slot + 1 + segment[slot]!);
    if (!addWritten(core, segment.length, clauseAt, addOne)) return false;
  }
  return true;
}

/** Slots the records of `clauses[from…]` take, up to `BATCH_SLOTS`. */
function batchSlots(clauses: readonly ArrayLike<number>[], from: number): number {
  let slots = 0;
  for (let i = from; i < clauses.length && slots < BATCH_SLOTS; i++) {
    slots += clauses[i]!.length + 1;
  }
  return Math.min(slots, BATCH_SLOTS);
}

/**
 * Adds `clauses[from…]` at level 0, as many as fit one batch, written as records one by one.
 * Returns the index of the first clause not added — one that is not an Int32Array (its
 * literals are checked in JavaScript first) or the first past the batch — or -1 once the
 * formula is known unsatisfiable.
 */
export function addBatch(
  core: SolverCore,
  clauses: readonly ArrayLike<number>[],
  from: number,
  addOne: AddOne,
): number {
  core.backtrack(0);
  core.reserveInput(batchSlots(clauses, from));
  const cap = core.input.length;
  let end = 0;
  let next = from;
  for (; next < clauses.length; next++) {
    const clause = clauses[next]!;
    const n = clause.length;
    if (!(clause instanceof Int32Array) || end + n + 1 > cap) break;
    core.input[end] = n;
    core.input.set(clause, end + 1);
    end += n + 1;
  }
  // Stops come in order: the clause of the record at `slot` is clauses[index].
  let slot = 0;
  let index = from;
  const clauseAt = (stop: number) => {
    for (; slot < stop; index++) slot += clauses[index]!.length + 1;
    return clauses[index]!;
  };
  return addWritten(core, end, clauseAt, addOne) ? next : -1;
}
