import { describe, expect, it } from 'vitest';
import { answers, soloRequestOf } from './request.ts';

describe("the solo page's address", () => {
  it('reads a ghost, a daily, or nothing', () => {
    expect(soloRequestOf('?ghost=solve%3Aabc')).toEqual({
      kind: 'ghost',
      source: { kind: 'solve', solveId: 'abc' },
    });
    expect(soloRequestOf('?daily=2026-11-25:x')).toEqual({
      kind: 'daily',
      day: '2026-11-25',
      variant: 'x',
    });
    expect(soloRequestOf('')).toEqual({ kind: 'none' });
    expect(soloRequestOf('?ghost=nonsense')).toEqual({ kind: 'none' });
  });

  it('keeps the game in progress when it is what the address asks for (a reload)', () => {
    const daily = {
      origin: { kind: 'daily', day: '2026-11-25', variant: 'x' },
      ghost: undefined,
    } as const;
    const raced = { origin: { kind: 'solo' }, ghost: { source: 'solve:abc' } } as const;
    expect(answers(daily, soloRequestOf('?daily=2026-11-25:x'))).toBe(true);
    expect(answers(daily, soloRequestOf('?daily=2026-11-24:x'))).toBe(false);
    expect(answers(raced, soloRequestOf('?ghost=solve:abc'))).toBe(true);
    expect(answers(raced, soloRequestOf('?ghost=solve:abd'))).toBe(false);
    expect(answers(undefined, soloRequestOf('?ghost=solve:abc'))).toBe(false);
    expect(answers(raced, { kind: 'none' })).toBe(true);
  });
});
