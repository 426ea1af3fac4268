/**
 * What this device saw of a race before its end, so that the commit–reveal check at the end
 * compares the revealed values with THOSE and not only with the final view (a server that
 * changed the puzzle mid-race could send a matching new commitment with it). Kept in the room
 * session and in localStorage (a reload keeps it), one entry per race id; only the most recent
 * `KEEP_WITNESSES` races are kept.
 */
import type { RoomView } from '@percent/protocol';
import { readStoredJson, writeStored } from '../ui/storage.ts';

export interface Witness {
  readonly raceId: string;
  /** The first commitment this device saw for the race (null: the race came without one). */
  readonly commitment: string | null;
  /** That first sight was in the countdown, before the puzzle was shown. */
  readonly beforeStart: boolean;
  /** The puzzle shown while the race ran (what was played); null if never seen running. */
  readonly puzzle: string | null;
}

/** Races whose witness is kept; older ones are removed when a new race is seen. */
export const KEEP_WITNESSES = 10;
const INDEX = 'race.witnesses';
const keyOf = (raceId: string): string => `race.witness.${raceId}`;

/**
 * The witness after seeing `view` (pure): the first commitment and whether it came in the
 * countdown are never replaced; the puzzle is taken the first time the race is seen running.
 * `known` is this race's witness so far (any other race's is ignored).
 */
export function observeRace(known: Witness | undefined, view: RoomView): Witness | undefined {
  const race = view.race;
  if (!race) return known;
  const running = view.phase === 'racing' ? race.puzzle : null;
  if (known?.raceId !== race.id) {
    return {
      raceId: race.id,
      commitment: race.commitment,
      beforeStart: view.phase === 'countdown' && race.puzzle === null,
      puzzle: running,
    };
  }
  return known.puzzle === null && running !== null ? { ...known, puzzle: running } : known;
}

/**
 * Observes `view` for the race it shows, reading this race's witness from storage when `known`
 * is another race's (a reload), and storing it when it changed. Returns the witness now.
 */
export function witnessRace(known: Witness | undefined, view: RoomView): Witness | undefined {
  const raceId = view.race?.id;
  if (raceId === undefined) return known;
  const before = known?.raceId === raceId ? known : loadWitness(raceId);
  const after = observeRace(before, view);
  if (after && after !== before) saveWitness(after);
  return after;
}

export function loadWitness(raceId: string): Witness | undefined {
  const data = readStoredJson(keyOf(raceId)) as Partial<Witness> | undefined;
  if (!data || typeof data !== 'object' || data.raceId !== raceId) return undefined;
  const { commitment, beforeStart, puzzle } = data;
  if (commitment !== null && typeof commitment !== 'string') return undefined;
  if (puzzle !== null && typeof puzzle !== 'string') return undefined;
  if (typeof beforeStart !== 'boolean') return undefined;
  return { raceId, commitment, beforeStart, puzzle };
}

function saveWitness(witness: Witness): void {
  const key = keyOf(witness.raceId);
  const list = readStoredJson(INDEX);
  const index = Array.isArray(list) ? list.filter((k): k is string => typeof k === 'string') : [];
  if (index.at(-1) !== key) {
    const next = [...index.filter((k) => k !== key), key];
    for (const old of next.slice(0, -KEEP_WITNESSES)) writeStored(old, undefined);
    writeStored(INDEX, JSON.stringify(next.slice(-KEEP_WITNESSES)));
  }
  writeStored(key, JSON.stringify(witness));
}
