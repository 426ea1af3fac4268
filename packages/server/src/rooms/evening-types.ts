/** The state of a tournament (`tournament.ts`), part of the room (`Room.tournament`). */

/** A race's place in an evening. */
export interface RaceRound {
  readonly tournamentId: string;
  /** 1-based. */
  readonly number: number;
  /** Rounds planned; null: until the host ends the evening. */
  readonly of: number | null;
}

/** One entrant's result in one round (a device: its best seat in that race). */
export interface RoundEntry {
  readonly deviceId: string;
  readonly playerId: string;
  readonly nickname: string;
  readonly place: number | null;
  readonly points: number;
  /** The seat's colour in that race (shown once the entrant has left). */
  readonly colour: number;
}

/** A finished round: its race and every entrant's result, best first. */
export interface RoundResult {
  readonly raceId: string;
  readonly entries: readonly RoundEntry[];
}

/** An evening of rounds (`tournament.ts`). */
export interface Tournament {
  readonly id: string;
  /** Rounds planned; null: until the host ends it. */
  readonly rounds: number | null;
  readonly startedAt: number;
  /** Finished rounds, in order. */
  readonly results: readonly RoundResult[];
  /** Set when the last planned round finished or the host ended the evening. */
  readonly endedAt: number | null;
}
