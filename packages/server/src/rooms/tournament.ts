import {
  PLAYER_COLOURS,
  pointsFor,
  tournamentLink,
  type TournamentStanding,
  type TournamentView,
} from '@percent/protocol';
import { z } from 'zod';
import { tournamentEndRefusal, tournamentStartRefusal } from './permissions.ts';
import { standingsOf } from './progress.ts';
import { isRaceOn, NOTHING, seatHeldBy, STATE, success } from './room.ts';
import type {
  CommandOf,
  Race,
  RaceRound,
  Room,
  RoundEntry,
  Tournament,
  Transition,
} from './types.ts';

/**
 * Tournaments: the host plans an evening of N rounds (or open-ended); each race started while
 * it is on is its next round, scored with the protocol's `pointsFor` when it ends, and the
 * evening is over after its last planned round or when the host ends it. Entrants are devices:
 * a player who drops and comes back with a new seat keeps their points. The evening is part of
 * the room's snapshot (a restart or a takeover keeps it) and each round is stored with its race
 * (`RaceRecord.tournament`, points per player), which is what `/tournament/ID` reads back.
 */

const isOn = (tournament: Tournament | null): tournament is Tournament =>
  tournament !== null && tournament.endedAt === null;

export function startTournament(
  room: Room,
  command: CommandOf<'startTournament'>,
  now: number,
): Transition<object> {
  const refusal = tournamentStartRefusal(room, seatHeldBy(room, command.connectionId));
  if (refusal) return refusal;
  const tournament: Tournament = {
    id: command.tournamentId,
    rounds: command.rounds,
    startedAt: now,
    results: [],
    endedAt: null,
  };
  return success({ ...room, tournament }, NOTHING, [STATE]);
}

/** Ends the evening: its standings are final (the podium). With no round played, it is dropped. */
export function endTournament(
  room: Room,
  command: CommandOf<'endTournament'>,
  now: number,
): Transition<object> {
  const refusal = tournamentEndRefusal(room, seatHeldBy(room, command.connectionId));
  if (refusal) return refusal;
  const evening = room.tournament!;
  const tournament = evening.results.length === 0 ? null : { ...evening, endedAt: now };
  return success({ ...room, tournament }, NOTHING, [STATE]);
}

/**
 * At a race's start: the round it is (null when no evening is on) and the evening the room
 * keeps — one that is over gives way to the new race (its podium has been seen).
 */
export function roundAtStart(room: Room): {
  tournament: Tournament | null;
  round: RaceRound | null;
} {
  const tournament = room.tournament;
  if (!isOn(tournament)) return { tournament: null, round: null };
  const number = tournament.results.length + 1;
  return { tournament, round: { tournamentId: tournament.id, number, of: tournament.rounds } };
}

/** At a race's end: the evening with this round scored (over after its last planned round). */
export function scoreRound(room: Room, race: Race, now: number): Tournament | null {
  const tournament = room.tournament;
  if (!isOn(tournament) || race.round?.tournamentId !== tournament.id) return tournament;
  const results = [...tournament.results, { raceId: race.id, entries: roundEntries(race) }];
  const over = tournament.rounds !== null && results.length >= tournament.rounds;
  return { ...tournament, results, endedAt: over ? now : null };
}

/** Each device's best standing in the race, best first, with its points and the colour it raced in. */
function roundEntries(race: Race): RoundEntry[] {
  const runners = new Map(race.runners.map((r) => [r.playerId, r]));
  const seen = new Set<string>();
  const entries: RoundEntry[] = [];
  for (const row of standingsOf(race)) {
    const { deviceId, colour } = runners.get(row.playerId)!;
    if (seen.has(deviceId)) continue;
    seen.add(deviceId);
    entries.push({
      deviceId,
      playerId: row.playerId,
      nickname: row.nickname,
      place: row.place,
      points: pointsFor(row.place),
      colour,
    });
  }
  return entries;
}

/** One entrant's result in one round, as `rankEntrants` reads it. */
export interface EntrantResult {
  /** Who the entrant is (a device id): never sent. */
  readonly key: string;
  readonly nickname: string;
  readonly place: number | null;
  readonly points: number;
  readonly colour: number;
}

/** An entrant's evening, ranked. */
export interface RankedEntrant extends Omit<TournamentStanding, 'playerId'> {
  readonly key: string;
}

/**
 * The standings of an evening from its rounds: points, then rounds won; entrants level on
 * both share a place (1, 1, 3) and keep the order in which they first scored. The nickname and
 * colour are the latest the entrant raced with.
 */
export function rankEntrants(rounds: readonly (readonly EntrantResult[])[]): RankedEntrant[] {
  const byKey = new Map<string, { -readonly [K in keyof RankedEntrant]: RankedEntrant[K] }>();
  rounds.forEach((entries, index) => {
    for (const entry of entries) {
      let row = byKey.get(entry.key);
      if (!row) {
        // Only the standing's own fields: an entry also carries ids that are never sent.
        const { key, nickname, colour } = entry;
        row = {
          key,
          nickname,
          colour,
          place: 1,
          points: 0,
          wins: 0,
          rounds: rounds.map(() => null),
        };
        byKey.set(entry.key, row);
      }
      row.nickname = entry.nickname;
      row.colour = entry.colour;
      row.points += entry.points;
      if (entry.place === 1) row.wins += 1;
      row.rounds[index] = entry.points;
    }
  });
  const rows = [...byKey.values()].sort((a, b) => b.points - a.points || b.wins - a.wins);
  rows.forEach((row, i) => {
    const before = rows[i - 1];
    row.place =
      before && before.points === row.points && before.wins === row.wins ? before.place : i + 1;
  });
  return rows;
}

/** The evening as every member sees it; null without one. */
export function tournamentView(room: Room): TournamentView | null {
  const tournament = room.tournament;
  if (!tournament) return null;
  const round = isRaceOn(room) ? room.race?.round : null;
  const seats = new Map(room.seats.map((seat) => [seat.deviceId, seat]));
  const ranked = rankEntrants(
    tournament.results.map((result) =>
      result.entries.map((entry) => ({ ...entry, key: entry.deviceId })),
    ),
  );
  return {
    id: tournament.id,
    link: tournamentLink(tournament.id),
    rounds: tournament.rounds,
    played: tournament.results.length,
    current: round?.tournamentId === tournament.id ? round.number : null,
    over: tournament.endedAt !== null,
    standings: ranked.map(({ key, ...row }) => {
      const seat = seats.get(key);
      return { ...row, playerId: seat?.id ?? null, colour: seat?.colour ?? row.colour };
    }),
  };
}

/** A race's round as a snapshot keeps it; absent before tournaments: none. */
export const RaceRoundSnapshotSchema = z
  .object({
    tournamentId: z.string().min(1),
    number: z.int().min(1),
    of: z.int().min(1).nullable(),
  })
  .nullable()
  .default(null);

/** The room's evening as a snapshot keeps it; absent before tournaments: none. */
export const TournamentSnapshotSchema = z
  .object({
    id: z.string().min(1),
    rounds: z.int().min(1).nullable(),
    startedAt: z.number(),
    results: z
      .array(
        z.object({
          raceId: z.string().min(1),
          entries: z
            .array(
              z.object({
                deviceId: z.string().min(1),
                playerId: z.string().min(1),
                nickname: z.string().min(1),
                place: z.int().min(1).nullable(),
                points: z.int().min(0),
                colour: z
                  .int()
                  .min(0)
                  .max(PLAYER_COLOURS - 1),
              }),
            )
            .readonly(),
        }),
      )
      .readonly(),
    endedAt: z.number().nullable(),
  })
  .nullable()
  .default(null);
