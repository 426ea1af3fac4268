import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { INITIAL_RATING, type MoveRecord } from '../rooms/index.ts';
import type { HistoryStore } from '../store/history.ts';
import { openSqliteHistory } from '../store/sqlite-history.ts';
import { RaceCopier, type Outbox } from './race-copier.ts';

const SOLUTION = '123456789'.repeat(9);
const PUZZLE = `0${SOLUTION.slice(1)}`;

/** A finished race as the version before ratings and commit–reveal queued it. */
const OLD_RECORD = {
  id: 'old-1',
  roomCode: 'KXMTA',
  variant: 'percent',
  difficulty: 'easy',
  puzzle: PUZZLE,
  solution: SOLUTION,
  startedAt: 1_000,
  endedAt: 61_000,
  players: [
    {
      playerId: 'p1',
      deviceId: 'ann',
      nickname: 'Ann',
      place: 1,
      timeMs: 60_000,
      mistakes: 0,
      outcome: 'finished',
    },
    {
      playerId: 'p2',
      deviceId: 'bob',
      nickname: 'Bob',
      place: null,
      timeMs: null,
      mistakes: 1,
      outcome: 'left',
    },
  ],
};

/** An outbox holding `queued` as Redis gives it back (JSON, parsed, not checked). */
function outboxOf(queued: Record<string, unknown>) {
  const copied: string[] = [];
  const outbox = {
    pendingRace: async (raceId: string) => (queued[raceId] ?? null) as never,
    pendingRaces: async () =>
      Object.entries(queued).map(([raceId, record]) => ({ raceId, record: record as never })),
    movesOf: async () => ({ ok: true as const, value: [] as MoveRecord[] }),
    raceCopied: async (_code: string, raceId: string) => void copied.push(raceId),
  } satisfies Outbox;
  return { outbox, copied };
}

let dir = '';
let history: HistoryStore | undefined;
afterEach(async () => {
  await history?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function copierWith(queued: Record<string, unknown>) {
  dir = mkdtempSync(join(tmpdir(), 'percent-copier-'));
  history = openSqliteHistory(dir);
  const { outbox, copied } = outboxOf(queued);
  return { copier: new RaceCopier(outbox, history, pino({ level: 'silent' })), copied, history };
}

describe('copying the cluster outbox into the history', () => {
  it('stores a race queued by the version before ratings as unrated, without a commitment', async () => {
    const { copier, copied, history } = copierWith({
      'old-1': JSON.parse(JSON.stringify(OLD_RECORD)),
    });
    await copier.drain();
    expect(copied).toEqual(['old-1']);
    const stored = await history.raceOf('old-1');
    expect(stored).toMatchObject({
      ok: true,
      value: { rated: false, commitment: null, secret: null },
    });
    expect(stored?.ok && stored.value.players.map((p) => [p.nickname, p.rating])).toEqual([
      ['Ann', null],
      ['Bob', null],
    ]);
    expect(await history.ratingOf('ann')).toEqual(INITIAL_RATING);
  });

  it('keeps a damaged record queued, naming the bad field, and copies the others', async () => {
    const damaged = { ...OLD_RECORD, id: 'bad-1', puzzle: 'x' };
    const good = { ...OLD_RECORD, id: 'old-2' };
    const { copier, copied } = copierWith({ 'bad-1': damaged, 'old-2': good });
    const warnings: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) });
    const watched = new RaceCopier(outboxOf({ 'bad-1': damaged }).outbox, history!, log);
    expect(await watched.copy('KXMTA', 'bad-1')).toBe(false);
    expect(warnings.join('')).toMatch(/race bad-1 in the outbox: puzzle/);
    await copier.drain();
    expect(copied).toEqual(['old-2']);
  });
});
