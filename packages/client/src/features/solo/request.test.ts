import { describe, expect, it } from 'vitest';
import { answers, soloRequestOf } from './request.ts';

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
    const raced = { ghost: { source: 'solve:abc' } } as const;
    expect(answers(raced, soloRequestOf('?ghost=solve:abc'))).toBe(true);
    expect(answers(raced, soloRequestOf('?ghost=solve:abd'))).toBe(false);
    expect(answers(undefined, soloRequestOf('?ghost=solve:abc'))).toBe(false);
    expect(answers(raced, { kind: 'none' })).toBe(true);
  });
});
