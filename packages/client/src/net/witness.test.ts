import type { RoomView } from '@percent/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { racingRoom } from '@percent/net/testing';
import { KEEP_WITNESSES, loadWitness, observeRace, witnessRace } from './witness.ts';

/** localStorage as a browser has it (Node has none). */
class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem = (key: string): string | null => this.items.get(key) ?? null;
  setItem = (key: string, value: string): void => void this.items.set(key, value);
  removeItem = (key: string): void => void this.items.delete(key);
}

const FIRST = 'c0'.repeat(32);
const LATER = 'd1'.repeat(32);
const PLAYED = `5${'0'.repeat(80)}`;
const OTHER = `6${'0'.repeat(80)}`;

const countdown = (id = 'r1'): RoomView =>
  racingRoom({ phase: 'countdown' }, { id, commitment: FIRST, puzzle: null });
const running = (id = 'r1', puzzle = PLAYED): RoomView =>
  racingRoom({ phase: 'racing' }, { id, commitment: FIRST, puzzle });
const finished = (id = 'r1', commitment = LATER, puzzle = OTHER): RoomView =>
  racingRoom({ phase: 'finished' }, { id, commitment, puzzle, secret: 'ab'.repeat(32) });

beforeEach(() => vi.stubGlobal('localStorage', new MemoryStorage()));
afterEach(() => vi.unstubAllGlobals());

describe('what this device saw of a race', () => {
  it('keeps the first commitment (from the countdown) and the puzzle played, not the final ones', () => {
    let seen = observeRace(undefined, countdown());
    seen = observeRace(seen, running());
    seen = observeRace(seen, running('r1', OTHER));
    seen = observeRace(seen, finished());
    expect(seen).toEqual({ raceId: 'r1', commitment: FIRST, beforeStart: true, puzzle: PLAYED });
  });

  it('marks a race first seen after its start, and one first seen at its end', () => {
    expect(observeRace(undefined, running())).toEqual({
      raceId: 'r1',
      commitment: FIRST,
      beforeStart: false,
      puzzle: PLAYED,
    });
    expect(observeRace(undefined, finished())).toEqual({
      raceId: 'r1',
      commitment: LATER,
      beforeStart: false,
      puzzle: null,
    });
  });

  it('starts afresh for the next race and ignores a lobby', () => {
    const old = observeRace(observeRace(undefined, countdown()), running());
    expect(observeRace(old, racingRoom({ phase: 'lobby', race: null }))).toBe(old);
    expect(observeRace(old, countdown('r2'))).toMatchObject({ raceId: 'r2', puzzle: null });
  });

  it('survives a reload: the witness of the countdown is read back for the same race', () => {
    witnessRace(undefined, countdown());
    // A new page: no witness in memory; the final frame carries another commitment.
    const back = witnessRace(undefined, finished());
    expect(back).toEqual({ raceId: 'r1', commitment: FIRST, beforeStart: true, puzzle: null });
    expect(loadWitness('r1')).toEqual(back);
  });

  it(`keeps the ${KEEP_WITNESSES} most recent races only`, () => {
    for (let i = 0; i <= KEEP_WITNESSES; i++) witnessRace(undefined, countdown(`r${i}`));
    expect(loadWitness('r0')).toBeUndefined();
    expect(loadWitness('r1')).toMatchObject({ commitment: FIRST });
    expect(loadWitness(`r${KEEP_WITNESSES}`)).toMatchObject({ beforeStart: true });
  });
});
