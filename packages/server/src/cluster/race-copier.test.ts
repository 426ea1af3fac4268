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

const silent = pino({ level: 'silent' });

function copierWith(queued: Record<string, unknown>) {
  dir = mkdtempSync(join(tmpdir(), 'percent-copier-'));
  history = openSqliteHistory(dir);
  const { outbox, copied } = outboxOf(queued);
  return { copier: new RaceCopier(outbox, history, silent), copied, history };
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

  it('applies the rating change of a race queued before records carried the whole old rating', async () => {
    const after = { rating: 1662.3, rd: 290.3, volatility: 0.059999, races: 1 };
    const queued = (id: string, startedAt: number) => ({
      ...OLD_RECORD,
      id,
      startedAt,
      rated: true,
      commitment: 'c0'.repeat(32),
      secret: '5e'.repeat(32),
      players: [
        {
          ...OLD_RECORD.players[0],
          rating: { before: 1500, after: 1662.3, provisional: true },
          newRating: after,
        },
      ],
    });
    const { copier, history } = copierWith({ 'prev-1': queued('prev-1', 1_000) });
    await copier.drain();
    expect(await history.ratingOf('ann')).toEqual(after); // it started from the stored rating
    // Queued again under another id, from a rating the store has moved on from: the change is
    // added, deviation and volatility (unknown at its start) as stored.
    const again = new RaceCopier(
      outboxOf({ 'prev-2': queued('prev-2', 1_000) }).outbox,
      history,
      silent,
    );
    await again.drain();
    expect(await history.ratingOf('ann')).toEqual({ ...after, rating: 1824.6, races: 2 });
    expect(await history.raceOf('prev-2')).toMatchObject({
      ok: true,
      value: { startedAt: 1_000, durationMs: 60_000 },
    });
  });
});
