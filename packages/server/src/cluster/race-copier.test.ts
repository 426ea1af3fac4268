import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { INITIAL_RATING, rateRace, type MoveRecord } from '../rooms/index.ts';
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

  it('copies a tournament round through the outbox with its evening and points', async () => {
    const round = {
      ...OLD_RECORD,
      id: 'round-1',
      tournament: { id: 'eve-1', round: 1, rounds: 3 },
      players: OLD_RECORD.players.map((p, i) => ({ ...p, points: i === 0 ? 11 : 0 })),
    };
    const { copier, history } = copierWith({ 'round-1': JSON.parse(JSON.stringify(round)) });
    await copier.drain();
    const stored = await history.raceOf('round-1');
    expect(stored?.ok && stored.value.tournament).toEqual({ id: 'eve-1', round: 1, rounds: 3 });
    const evening = await history.tournamentOf('eve-1');
    expect(evening?.ok && evening.value.standings.map((s) => [s.nickname, s.points])).toEqual([
      ['Ann', 11],
      ['Bob', 0],
    ]);
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

  it('settles a race queued before records carried the whole old rating from the stored ratings', async () => {
    const queued = (id: string, startedAt: number, endedAt: number) => ({
      ...OLD_RECORD,
      id,
      startedAt,
      endedAt,
      rated: true,
      commitment: 'c0'.repeat(32),
      secret: '5e'.repeat(32),
      players: OLD_RECORD.players.map((p, i) => ({
        ...p,
        rating: { before: 1500, after: i === 0 ? 1662.3 : 1337.7, provisional: true },
        newRating: { rating: i === 0 ? 1662.3 : 1337.7, rd: 290.3, volatility: 0.06, races: 1 },
      })),
    });
    const { copier, history } = copierWith({ 'prev-1': queued('prev-1', 1_000, 61_000) });
    await copier.drain();
    const [won, lost] = rateRace([
      { outcome: 'finished', timeMs: 60_000, rating: INITIAL_RATING },
      { outcome: 'left', timeMs: null, rating: INITIAL_RATING },
    ]);
    expect(await history.ratingOf('ann')).toEqual(won);
    expect(await history.ratingOf('bob')).toEqual(lost);
    // Queued again under another id, later: played again from the ratings as stored now.
    const again = new RaceCopier(
      outboxOf({ 'prev-2': queued('prev-2', 70_000, 130_000) }).outbox,
      history,
      silent,
    );
    await again.drain();
    const [twice] = rateRace([
      { outcome: 'finished', timeMs: 60_000, rating: won! },
      { outcome: 'left', timeMs: null, rating: lost! },
    ]);
    expect(await history.ratingOf('ann')).toEqual(twice);
    expect(await history.raceOf('prev-2')).toMatchObject({
      ok: true,
      value: { startedAt: 70_000, durationMs: 60_000, rated: true },
    });
  });
});
