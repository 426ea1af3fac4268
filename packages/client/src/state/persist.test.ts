import { parseGrid } from '@percent/engine';
import { describe, expect, it } from 'vitest';
import { createGame, reduce, setVerdict, type Action, type GameState } from './game.ts';
import { loadGame, saveGame, SAVED_HISTORY } from './persist.ts';

const givens = (): Uint8Array => {
  const parsed = parseGrid('5' + '.'.repeat(80));
  if (!parsed.ok) throw new Error('bad grid');
  return parsed.grid;
};
const run = (state: GameState, ...actions: Action[]): GameState =>
  actions.reduce((s, a) => reduce(s, a).state, state);
const fresh = (): GameState => createGame({ variant: 'classic', givens: givens() });
/** Saved, through JSON text as localStorage holds it, and loaded again. */
const reload = (game: GameState): GameState | undefined =>
  loadGame(JSON.parse(JSON.stringify(saveGame(game))));
const entriesOf = (game: GameState | undefined) => [...(game?.marks.entries ?? [])];

describe('saved games', () => {
  it('round-trips entries, marks, colours and verdicts through JSON', () => {
    let game = run(
      fresh(),
      { type: 'select', cells: [1, 2] },
      { type: 'input', digit: 3, mode: 'corner' },
      { type: 'input', digit: 6, mode: 'centre' },
      { type: 'input', digit: 4, mode: 'colour' },
      { type: 'select', cells: [0] },
      { type: 'input', digit: 9, mode: 'colour' },
      { type: 'select', cells: [4] },
      { type: 'input', digit: 9 },
    );
    game = setVerdict(game, 4, 'wrong');
    const back = reload(game);
    expect(back?.variant).toBe('classic');
    expect(back?.givens[0]).toBe(5);
    expect(back?.marks.entries[4]).toBe(9);
    expect(back?.verdicts[4]).toBe('wrong');
    expect(back?.verdicts[1]).toBe('none');
    expect([...(back?.marks.corner ?? [])]).toEqual([...game.marks.corner]);
    expect([...(back?.marks.centre ?? [])]).toEqual([...game.marks.centre]);
    expect([...(back?.marks.colours ?? [])]).toEqual([...game.marks.colours]);
  });

  it('keeps undo and redo across a reload, step for step', () => {
    let game = run(fresh(), { type: 'select', cells: [10] });
    for (const digit of [1, 2, 3, 4]) game = run(game, { type: 'input', digit });
    game = run(
      game,
      { type: 'input', digit: 7, mode: 'colour' },
      { type: 'undo' },
      { type: 'undo' },
    );
    const back = reload(game)!;
    expect(back.past).toHaveLength(game.past.length);
    expect(back.future).toHaveLength(2);
    for (let i = 0; i < 4; i++) {
      const [mine, theirs] = [run(game, ...undos(i)), run(back, ...undos(i))];
      expect(entriesOf(theirs)).toEqual(entriesOf(mine));
    }
    const redone = run(back, { type: 'redo' }, { type: 'redo' });
    expect(redone.marks.entries[10]).toBe(4);
    expect(redone.marks.colours[10]).toBe(1 << 7);
    expect(run(back, ...undos(4)).marks.entries[10]).toBe(0);
  });

  it('keeps the last 200 steps, compactly', () => {
    let game = run(fresh(), { type: 'select', cells: [20] });
    for (let i = 0; i < SAVED_HISTORY + 50; i++)
      game = run(game, { type: 'input', digit: (i % 9) + 1, mode: 'corner' });
    const text = JSON.stringify(saveGame(game));
    // 200 one-cell steps at 9 characters each, plus the board.
    expect(text.length).toBeLessThan(3 * 1024 + 200 * 12);
    const back = loadGame(JSON.parse(text))!;
    expect(back.past).toHaveLength(SAVED_HISTORY);
    const oldest = run(back, ...undos(SAVED_HISTORY));
    expect(oldest.marks.corner[20]).toBe(game.past[game.past.length - SAVED_HISTORY]!.corner[20]);
    expect(run(oldest, { type: 'undo' })).toBe(oldest);
  });

  it('loads a save from before colours, verdicts and history', () => {
    const old = {
      variant: 'classic',
      givens: '5' + '.'.repeat(80),
      entries: '.3' + '.'.repeat(79),
      corner: Array.from({ length: 81 }, () => 0),
      centre: Array.from({ length: 81 }, (_, i) => (i === 2 ? 0b110 : 0)),
    };
    const game = loadGame(old)!;
    expect(game.marks.entries[1]).toBe(3);
    expect(game.marks.centre[2]).toBe(0b110);
    expect(game.marks.colours.every((b) => b === 0)).toBe(true);
    expect(game.past).toEqual([]);
  });

  it('keeps the board when the saved history is damaged, dropping only the history', () => {
    const game = run(fresh(), { type: 'select', cells: [3] }, { type: 'input', digit: 8 });
    const saved = { ...saveGame(game), past: ['not a delta'] };
    const back = loadGame(saved)!;
    expect(back.marks.entries[3]).toBe(8);
    expect(back.past).toEqual([]);
  });

  it('refuses data that is not a saved game', () => {
    expect(loadGame(null)).toBeUndefined();
    expect(loadGame({ variant: 'hexagonal' })).toBeUndefined();
    expect(
      loadGame({
        variant: 'classic',
        givens: '.'.repeat(81),
        entries: 'x',
        corner: [],
        centre: [],
      }),
    ).toBeUndefined();
    const good = saveGame(fresh());
    expect(loadGame({ ...good, verdicts: 'q'.repeat(81) })).toBeUndefined();
    expect(loadGame({ ...good, colours: [1, 2] })).toBeUndefined();
  });
});

const undos = (n: number): Action[] => Array.from({ length: n }, (): Action => ({ type: 'undo' }));
