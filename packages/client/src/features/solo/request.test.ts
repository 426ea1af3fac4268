import { describe, expect, it } from 'vitest';
import { answers, soloRequestOf } from './request.ts';

const board = (givens: string, variant: string) => ({
  peek: () => ({ variant, givens: Uint8Array.from(givens, Number) }),
});

describe("the solo page's address", () => {
  it('reads a ghost, or nothing (a daily is played on its own page)', () => {
    expect(soloRequestOf('?ghost=solve%3Aabc')).toEqual({
      kind: 'ghost',
      source: { kind: 'solve', solveId: 'abc' },
    });
    expect(soloRequestOf('?daily=2026-11-25:x')).toEqual({ kind: 'none' });
    expect(soloRequestOf('')).toEqual({ kind: 'none' });
    expect(soloRequestOf('?ghost=nonsense')).toEqual({ kind: 'none' });
  });

  it('keeps the game in progress when it is what the address asks for (a reload)', () => {
    const raced = { ghost: { source: 'solve:abc' }, game: board('0'.repeat(81), 'percent') };
    expect(answers(raced, soloRequestOf('?ghost=solve:abc'))).toBe(true);
    expect(answers(raced, soloRequestOf('?ghost=solve:abd'))).toBe(false);
    expect(answers(undefined, soloRequestOf('?ghost=solve:abc'))).toBe(false);
    expect(answers(raced, { kind: 'none' })).toBe(true);
  });

  it('reads a brought puzzle’s share address and keeps that game on a reload', () => {
    const cells = `5${'0'.repeat(80)}`;
    expect(soloRequestOf(`?puzzle=${cells}&variant=classic`)).toEqual({
      kind: 'puzzle',
      text: cells,
      variant: 'classic',
    });
    expect(soloRequestOf(`?puzzle=${cells}`)).toMatchObject({ variant: 'percent' });
    expect(soloRequestOf(`?puzzle=${cells}&variant=killer`)).toEqual({ kind: 'none' });
    const playing = { ghost: undefined, game: board(cells, 'classic') };
    expect(answers(playing, soloRequestOf(`?puzzle=${cells}&variant=classic`))).toBe(true);
    expect(
      answers(playing, soloRequestOf(`?puzzle=${cells.replace('5', '.')}&variant=classic`)),
    ).toBe(false);
    expect(answers(playing, soloRequestOf(`?puzzle=${cells}&variant=x`))).toBe(false);
  });
});
