import {
  DIFFICULTIES,
  PLAYER_COLOURS,
  VARIANTS,
  type TournamentRecordView,
} from '@percent/protocol';
import { z } from 'zod';
import { rankEntrants, type StoredPlayer } from '../rooms/index.ts';

/**
 * An evening as stored: the races that were its rounds (`races.tournament_id`), read back with
 * their standings and ranked with the room's own rule (`rankEntrants`), so `/tournament/ID`
 * shows what the room showed. Both databases read the same rows and build it here.
 */

/** The most rounds an evening can have (`TOURNAMENT_ROUNDS.max`, and more for an open one). */
export const MAX_TOURNAMENT_RACES = 100;

/** A round's race as `SELECT_TOURNAMENT_SQL` reads it. */
export const TournamentRaceRowSchema = z.object({
  id: z.string().min(1),
  roomCode: z.string(),
  variant: z.enum(VARIANTS),
  difficulty: z.enum(DIFFICULTIES),
  startedAt: z.number(),
  endedAt: z.number(),
  round: z.int().min(1),
  rounds: z.int().min(1).nullable(),
});
export type TournamentRaceRow = z.output<typeof TournamentRaceRowSchema>;

/** The evening `id` from its rounds' races (in round order); undefined when none is stored. */
export function tournamentRecord(
  id: string,
  races: readonly { readonly race: TournamentRaceRow; readonly players: readonly StoredPlayer[] }[],
): TournamentRecordView | undefined {
  const first = races[0];
  const last = races.at(-1);
  if (!first || !last) return undefined;
  // Colours are not stored: a seat's is normally its join order (`p3` joined third and got
  // the third colour unless one was free before), which the player id keeps.
  const colourOf = (playerId: string, order: number): number => {
    const joined = /^p(\d+)$/.exec(playerId);
    return (joined ? Number(joined[1]) - 1 : order) % PLAYER_COLOURS;
  };
  const ranked = rankEntrants(
    races.map(({ players }) => {
      const seen = new Set<string>();
      return players.flatMap((p, order) => {
        if (seen.has(p.deviceId)) return [];
        seen.add(p.deviceId);
        const colour = p.colour ?? colourOf(p.playerId, order);
        return [
          { key: p.deviceId, nickname: p.nickname, place: p.place, points: p.points ?? 0, colour },
        ];
      });
    }),
  );
  const rounds = last.race.rounds;
  return {
    id,
    roomCode: first.race.roomCode,
    rounds,
    startedAt: first.race.startedAt,
    endedAt: last.race.endedAt,
    complete: rounds !== null && races.length >= rounds,
    races: races.map(({ race, players }) => ({
      round: race.round,
      raceId: race.id,
      variant: race.variant,
      difficulty: race.difficulty,
      endedAt: race.endedAt,
      players: players.map((p) => ({
        nickname: p.nickname,
        place: p.place,
        points: p.points ?? 0,
      })),
    })),
    standings: ranked.map(({ key: _key, ...row }) => ({ ...row, playerId: null })),
  };
}
