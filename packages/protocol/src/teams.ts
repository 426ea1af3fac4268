/**
 * Team races: the host splits the playing seats into 2–4 teams (`RoomSettings.teams`); each
 * player races their own board, a team's progress is the sum of its members' (below), and
 * teams are ranked by the rule in `docs/PROTOCOL.md` ("Team races"). The server computes every
 * team figure; clients show them.
 */
import { z } from 'zod';
import { Count, Ms } from './primitives.ts';
import { TEAM_COUNT } from './rules.ts';
import { PlayerIdSchema } from './schemas.ts';

/** A team's index: 0 … teams − 1 (the web client names and colours it: 0 red, 1 blue, 2 yellow, 3 pink). */
export const TeamIndexSchema = z
  .int()
  .min(0)
  .max(TEAM_COUNT.max - 1);

/** `team:set`: the host puts a playing seat in a team (lobby, teams on). */
export const TeamSetSchema = z.object({ playerId: PlayerIdSchema, team: TeamIndexSchema });
export type TeamSetPayload = z.infer<typeof TeamSetSchema>;

/**
 * A team's progress: its members' progress added up — `filled` and `blanks` are sums over its
 * runners, `percent = round(100·filled/blanks)`; `finished` counts members with a full board
 * (and a place); `complete`: every member finished.
 */
export const TeamProgressSchema = z.object({
  team: TeamIndexSchema,
  filled: Count,
  blanks: Count,
  percent: z.int().min(0).max(100),
  finished: Count,
  complete: z.boolean(),
});
export type TeamProgress = z.infer<typeof TeamProgressSchema>;

/** A team in a race (`RaceView.teams`, `LastRaceView.teams`), best first. */
export const TeamViewSchema = TeamProgressSchema.extend({
  /** Its runners, in seat order. */
  members: z.array(PlayerIdSchema),
  /** Complete: its slowest member's time (penalties included); else null. */
  timeMs: Ms.nullable(),
  /** Once the race has ended: 1 = the winning team (level teams share a place); null before. */
  place: z.int().min(1).nullable(),
});
export type TeamView = z.infer<typeof TeamViewSchema>;
