import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSolve } from '../../state/solve-record.ts';
import { loadReplay } from './replay-load.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const reply = (status: number, body: unknown) =>
  vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));

const SOLUTION =
  '534678912672195348198342567859761423426853791713924856961537284287419635345286179';
const race = {
  id: 'r1',
  roomCode: 'ABCDE',
  variant: 'classic',
  difficulty: 'easy',
  puzzle: `0${SOLUTION.slice(1)}`,
  solution: SOLUTION,
  startedAt: 1000,
  endedAt: 9000,
  durationMs: 8000,
  rated: false,
  commitment: null,
  secret: null,
  players: [],
  moves: [],
};

describe('loadReplay', () => {
  it('reads a finished race from the API by its id', async () => {
    const fetch = reply(200, { race });
    vi.stubGlobal('fetch', fetch);
    const loaded = await loadReplay({ kind: 'race', id: 'r1' });
    expect(fetch).toHaveBeenCalledWith('/api/races/r1', { signal: undefined });
    expect(loaded.kind === 'ready' && loaded.record).toMatchObject({ id: 'r1', durationMs: 8000 });
  });

  it('says "not found" for an unknown or malformed id, "failed" otherwise', async () => {
    vi.stubGlobal('fetch', reply(404, { ok: false, error: { code: 'RACE_NOT_FOUND' } }));
    expect(await loadReplay({ kind: 'race', id: 'nope' })).toEqual({ kind: 'notFound' });
    vi.stubGlobal('fetch', reply(400, { ok: false, error: { code: 'BAD_PAYLOAD' } }));
    expect(await loadReplay({ kind: 'race', id: 'x' })).toEqual({ kind: 'notFound' });
    vi.stubGlobal('fetch', reply(503, { ok: false, error: { code: 'INTERNAL' } }));
    expect(await loadReplay({ kind: 'race', id: 'r1' })).toEqual({
      kind: 'failed',
      message: 'HTTP 503',
    });
    vi.stubGlobal('fetch', reply(200, { race: { ...race, solution: 'oops' } }));
    expect(await loadReplay({ kind: 'race', id: 'r1' })).toEqual({
      kind: 'failed',
      message: 'race.solution: a board is 81 digits',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await loadReplay({ kind: 'race', id: 'r1' })).toEqual({
      kind: 'failed',
      message: 'Failed to fetch',
    });
  });

  it('reads a solve this device recorded, and finds none it did not', async () => {
    const stored = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    });
    saveSolve({
      id: 's1',
      source: 'solo',
      variant: 'classic',
      difficulty: 'easy',
      puzzle: race.puzzle,
      solution: SOLUTION,
      nickname: 'Me',
      startedAt: 1,
      timeMs: 4000,
      mistakes: 0,
      moves: [{ at: 4000, cell: 0, digit: 5, verdict: 'correct' }],
    });
    const loaded = await loadReplay({ kind: 'solve', id: 's1' });
    expect(loaded.kind === 'ready' && loaded.record).toMatchObject({
      kind: 'solve',
      id: 's1',
      durationMs: 4000,
      wrongDigitsStay: true,
    });
    expect(await loadReplay({ kind: 'solve', id: 's2' })).toEqual({ kind: 'notFound' });
  });
});
