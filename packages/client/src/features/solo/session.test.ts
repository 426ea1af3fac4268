import { parseGrid } from '@percent/engine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { restoreSession, saveSession, startSession } from './session.ts';

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
  it("keeps a daily ghost race's origin across a reload", () => {
    const found = { puzzle: grid(SOLUTION), solution: grid(SOLUTION), grade: null, clues: 81 };
    const origin = { kind: 'daily', day: '2026-11-25', variant: 'classic' } as const;
    saveSession(startSession('classic', 'easy', found, { origin }));
    expect(restoreSession()?.origin).toEqual(origin);
  });
});
