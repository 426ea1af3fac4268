import { CELLS, parseGrid } from '@percent/engine';
import { describe, expect, it } from 'vitest';
import { createGame, reduce, setVerdict, type Action, type GameState } from './game.ts';
import { markDigits } from './marks.ts';

const PUZZLE =
  '1........' +
  '.........' +
  '.........' +
  '.........' +
  '.........' +
  '.........' +
  '.........' +
  '.........' +
  '........9';
const givens = (): Uint8Array => {
  const parsed = parseGrid(PUZZLE);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.grid;
};

const run = (state: GameState, ...actions: Action[]): GameState =>
  actions.reduce((s, a) => reduce(s, a).state, state);

const fresh = (): GameState => createGame({ variant: 'percent', givens: givens() });

describe('entering digits', () => {
  it('writes into every selected open cell, never over a given, and reports each change', () => {
    const game = run(fresh(), { type: 'select', cells: [0, 1, 2] });
    const { state, entered } = reduce(game, { type: 'input', digit: 5 });
    expect(state.marks.entries[0]).toBe(0);
    expect([state.marks.entries[1], state.marks.entries[2]]).toEqual([5, 5]);
    expect(entered).toEqual([
      { cell: 1, digit: 5 },
      { cell: 2, digit: 5 },
    ]);
  });

  it('takes the digit out again when every selected cell already holds it', () => {
    const game = run(fresh(), { type: 'select', cells: [3] }, { type: 'input', digit: 4 });
    const { state, entered } = reduce(game, { type: 'input', digit: 4 });
    expect(state.marks.entries[3]).toBe(0);
    expect(entered).toEqual([{ cell: 3, digit: 0 }]);
  });

  it('reports nothing and adds no undo step when nothing changes', () => {
    const game = run(fresh(), { type: 'select', cells: [0] });
    const { state, entered } = reduce(game, { type: 'input', digit: 3 });
    expect(entered).toEqual([]);
    expect(state.past).toHaveLength(0);
  });
});

describe('pencil marks', () => {
  it('toggles corner marks together across the selection', () => {
    let game = run(fresh(), { type: 'select', cells: [1, 2] }, { type: 'setMode', mode: 'corner' });
    game = run(game, { type: 'input', digit: 2 }, { type: 'input', digit: 7 });
    expect(markDigits(game.marks.corner[1]!)).toEqual([2, 7]);
    expect(markDigits(game.marks.corner[2]!)).toEqual([2, 7]);
    game = run(game, { type: 'input', digit: 2 });
    expect(markDigits(game.marks.corner[2]!)).toEqual([7]);
  });

  it('adds a mark to all when only some cells have it', () => {
    let game = run(
      fresh(),
      { type: 'select', cells: [1] },
      { type: 'input', digit: 6, mode: 'centre' },
    );
    game = run(
      game,
      { type: 'select', cells: [1, 2] },
      { type: 'input', digit: 6, mode: 'centre' },
    );
    expect(markDigits(game.marks.centre[1]!)).toEqual([6]);
    expect(markDigits(game.marks.centre[2]!)).toEqual([6]);
  });

  it('does not mark cells that hold a digit', () => {
    const game = run(
      fresh(),
      { type: 'select', cells: [1] },
      { type: 'input', digit: 3 },
      { type: 'input', digit: 5, mode: 'corner' },
    );
    expect(game.marks.corner[1]).toBe(0);
  });

  it('clears entries first, then the marks of the mode', () => {
    let game = run(
      fresh(),
      { type: 'select', cells: [1, 2] },
      { type: 'input', digit: 4, mode: 'corner' },
      { type: 'input', digit: 5, mode: 'centre' },
      { type: 'select', cells: [2] },
      { type: 'input', digit: 8 },
      { type: 'select', cells: [1, 2] },
      { type: 'clear' },
    );
    expect(game.marks.entries[2]).toBe(0);
    expect(game.marks.corner[1]).not.toBe(0);
    game = run(game, { type: 'clear', mode: 'corner' });
    expect(game.marks.corner[1]).toBe(0);
    expect(markDigits(game.marks.centre[1]!)).toEqual([5]);
    game = run(game, { type: 'clear' });
    expect(game.marks.centre[1]).toBe(0);
  });
});

describe('input modes', () => {
  it('cycles digit → corner → centre → colour → digit', () => {
    const modes = [1, 2, 3, 4].map(
      (n) => run(fresh(), ...Array.from({ length: n }, (): Action => ({ type: 'cycleMode' }))).mode,
    );
    expect(modes).toEqual(['corner', 'centre', 'colour', 'digit']);
  });
});

describe('undo and redo', () => {
  it('walks back and forth through edits and reports the entries they change', () => {
    const game = run(
      fresh(),
      { type: 'select', cells: [5] },
      { type: 'input', digit: 1 },
      { type: 'input', digit: 2 },
    );
    const back = reduce(game, { type: 'undo' });
    expect(back.state.marks.entries[5]).toBe(1);
    expect(back.entered).toEqual([{ cell: 5, digit: 1 }]);
    const twice = reduce(back.state, { type: 'undo' });
    expect(twice.state.marks.entries[5]).toBe(0);
    expect(reduce(twice.state, { type: 'undo' }).state).toBe(twice.state);
    const forward = reduce(twice.state, { type: 'redo' });
    expect(forward.state.marks.entries[5]).toBe(1);
  });

  it('drops the redo branch after a new edit', () => {
    const game = run(
      fresh(),
      { type: 'select', cells: [5] },
      { type: 'input', digit: 1 },
      { type: 'undo' },
      { type: 'input', digit: 3 },
    );
    expect(game.future).toHaveLength(0);
    expect(run(game, { type: 'redo' }).marks.entries[5]).toBe(3);
  });

  it('undoes a reset in one step', () => {
    let game = run(fresh(), { type: 'select', cells: [1, 2] }, { type: 'input', digit: 3 });
    game = run(game, { type: 'reset' });
    expect(game.marks.entries.every((d) => d === 0)).toBe(true);
    expect(run(game, { type: 'undo' }).marks.entries[2]).toBe(3);
  });
});

describe('colours', () => {
  const colouring = (): GameState =>
    run(fresh(), { type: 'setMode', mode: 'colour' }, { type: 'select', cells: [0, 1, 2] });

  it('paints every selected cell, givens included, without touching entries or marks', () => {
    const { state, entered } = reduce(colouring(), { type: 'input', digit: 3 });
    expect([0, 1, 2].map((c) => markDigits(state.marks.colours[c]!))).toEqual([[3], [3], [3]]);
    expect(state.marks.colours[3]).toBe(0);
    expect(entered).toEqual([]);
    expect(state.marks.entries.every((d) => d === 0)).toBe(true);
    expect(state.marks.centre.every((b) => b === 0)).toBe(true);
  });

  it('keeps several colours per cell and removes a colour every selected cell has', () => {
    let game = run(colouring(), { type: 'input', digit: 3 }, { type: 'input', digit: 7 });
    expect(markDigits(game.marks.colours[1]!)).toEqual([3, 7]);
    game = run(game, { type: 'select', cells: [1, 4] }, { type: 'input', digit: 3 });
    // R1C5 lacked 3, so 3 is added there rather than taken from R1C2.
    expect(markDigits(game.marks.colours[4]!)).toEqual([3]);
    game = run(game, { type: 'input', digit: 3 });
    expect(markDigits(game.marks.colours[1]!)).toEqual([7]);
    expect(game.marks.colours[4]).toBe(0);
    expect(markDigits(game.marks.colours[2]!)).toEqual([3, 7]);
  });

  it('is one undo step per action, and undo and redo cover colours', () => {
    const game = run(colouring(), { type: 'input', digit: 5 }, { type: 'input', digit: 6 });
    expect(game.past).toHaveLength(2);
    const back = run(game, { type: 'undo' });
    expect(markDigits(back.marks.colours[0]!)).toEqual([5]);
    expect(run(back, { type: 'undo' }).marks.colours[0]).toBe(0);
    expect(markDigits(run(back, { type: 'redo' }).marks.colours[0]!)).toEqual([5, 6]);
  });

  it('Delete in colour mode clears the colours of the selection and nothing else', () => {
    let game = run(
      colouring(),
      { type: 'input', digit: 2 },
      { type: 'select', cells: [1] },
      { type: 'input', digit: 8, mode: 'digit' },
      { type: 'input', digit: 4, mode: 'corner' },
      { type: 'select', cells: [1, 2] },
    );
    game = run(game, { type: 'clear' });
    expect([game.marks.colours[1], game.marks.colours[2]]).toEqual([0, 0]);
    expect(markDigits(game.marks.colours[0]!)).toEqual([2]);
    expect(game.marks.entries[1]).toBe(8);
  });

  it('Delete in digit mode takes the colours only once the cells have no entry or mark', () => {
    let game = run(
      colouring(),
      { type: 'input', digit: 2 },
      { type: 'input', digit: 5, mode: 'corner' },
      { type: 'setMode', mode: 'digit' },
      { type: 'clear' },
    );
    expect(game.marks.corner[1]).toBe(0);
    expect(markDigits(game.marks.colours[1]!)).toEqual([2]);
    game = run(game, { type: 'clear' });
    expect(game.marks.colours.every((b) => b === 0)).toBe(true);
  });

  it('survives placements and auto candidates; a reset clears it', () => {
    let game = run(colouring(), { type: 'input', digit: 1 }, { type: 'autoCandidates' });
    game = run(game, { type: 'place', placements: [{ cell: 1, digit: 2 }] });
    expect(markDigits(game.marks.colours[1]!)).toEqual([1]);
    expect(run(game, { type: 'reset' }).marks.colours.every((b) => b === 0)).toBe(true);
  });
});

describe('verdicts', () => {
  it('forgets the verdict of an entry the player changes', () => {
    let game = run(fresh(), { type: 'select', cells: [7] }, { type: 'input', digit: 2 });
    game = setVerdict(game, 7, 'wrong');
    expect(game.verdicts[7]).toBe('wrong');
    game = run(game, { type: 'input', digit: 3 });
    expect(game.verdicts[7]).toBe('none');
  });
});

describe('auto candidates', () => {
  it('fills centre marks with the digits no peer holds, diagonal and windows included', () => {
    const game = run(fresh(), { type: 'autoCandidates' });
    // R9C1 sees the 1 down column 1 and the 9 along row 9.
    expect(markDigits(game.marks.centre[72]!)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    // R5C5 shares no house with R1C1 or R9C9 (the anti-diagonal runs R1C9 to R9C1).
    expect(markDigits(game.marks.centre[40]!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(game.marks.centre[0]).toBe(0);
    expect(game.marks.centre.filter((b) => b !== 0)).toHaveLength(CELLS - 2);
  });
});

describe('marks follow placements', () => {
  it('clears a placed digit from the centre and corner marks of every peer, and undo brings them back', () => {
    let game = run(fresh(), { type: 'autoCandidates' });
    game = run(game, { type: 'select', cells: [4] }); // R1C5
    game = run(game, { type: 'input', digit: 7, mode: 'corner' });
    game = run(game, { type: 'select', cells: [40] }); // R5C5: column 5 with R1C5
    game = run(game, { type: 'input', digit: 7 });
    expect(markDigits(game.marks.centre[4]!)).not.toContain(7);
    expect(markDigits(game.marks.corner[4]!)).not.toContain(7);
    // R9C2 shares no house with R5C5 and keeps its 7; R9C1 does (the anti-diagonal).
    expect(markDigits(game.marks.centre[73]!)).toContain(7);
    expect(markDigits(game.marks.centre[72]!)).not.toContain(7);
    game = run(game, { type: 'undo' });
    expect(markDigits(game.marks.corner[4]!)).toEqual([7]);
    expect(markDigits(game.marks.centre[4]!)).toContain(7);
  });
});

describe('createGame', () => {
  it('takes earlier entries (a reconnect) but never over a given', () => {
    const entries = new Uint8Array(81);
    entries[0] = 4;
    entries[1] = 6;
    const game = createGame({
      variant: 'percent',
      givens: givens(),
      entries,
      verdict: 'confirmed',
    });
    expect([game.marks.entries[0], game.marks.entries[1]]).toEqual([0, 6]);
    expect(game.verdicts[1]).toBe('confirmed');
    expect(game.past).toHaveLength(0);
  });
});
