import { parseGrid } from '@percent/engine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { restoreSession, saveSession, startSession, type SoloOrigin } from './session.ts';

const SOLUTION =
  '534678912672195348198342567859761423426853791713924856961537284287419635345286179';
const grid = (text: string) => {
  const parsed = parseGrid(text);
  if (!parsed.ok) throw new Error('bad grid');
  return parsed.grid;
};

beforeEach(() => {
  const items = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => items.set(key, value),
    removeItem: (key: string) => items.delete(key),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('a saved solo session', () => {
  it("keeps a daily game's start across a reload, so its finish can still be posted", () => {
    const origin: SoloOrigin = {
      kind: 'daily',
      day: '2026-11-25',
      variant: 'classic',
      startId: 'a'.repeat(24),
    };
    const found = {
      puzzle: grid(`000${SOLUTION.slice(3)}`),
      solution: grid(SOLUTION),
      grade: null,
      clues: 78,
    };
    saveSession(startSession('classic', 'easy', found, { origin }));
    expect(restoreSession()?.origin).toEqual(origin);
  });

  it('reads a daily game saved before starts existed, without a start', () => {
    const found = { puzzle: grid(SOLUTION), solution: grid(SOLUTION), grade: null, clues: 81 };
    const origin = { kind: 'daily', day: '2026-11-25', variant: 'classic' } as const;
    saveSession(startSession('classic', 'easy', found, { origin }));
    expect(restoreSession()?.origin).toEqual(origin);
  });
});
