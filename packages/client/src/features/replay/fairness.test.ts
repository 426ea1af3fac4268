import { describe, expect, it } from 'vitest';
import { checkFairness, judgeFairness, toneOf, verifyCommand } from './fairness.ts';
import { commitmentOf } from '@percent/protocol/rules';

const puzzle = `${'0'.repeat(9)}${'123456789'.repeat(8)}`;
const solution = '123456789'.repeat(9);
const secret = 'ab'.repeat(32);
// printf '%s' "$puzzle$solution$secret" | sha256sum
const commitment = '6960f0dfc1d4b6b442a0ec333903769b64abaca99e5063c114dce8cfc2709b78';

describe('the commit–reveal check', () => {
  it('hashes exactly the bytes sha256sum hashes', () => {
    expect(commitmentOf(puzzle, solution, secret)).toBe(commitment);
  });

  it('accepts the revealed race the commitment was made for', () => {
    expect(checkFairness({ puzzle, solution, secret, commitment })).toEqual({ ok: true });
  });

  it('rejects another puzzle, solution or secret, saying what the hash is instead', () => {
    const other = `${'0'.repeat(9)}${'123456789'.repeat(7)}987654321`;
    for (const race of [
      { puzzle: other, solution, secret, commitment },
      { puzzle, solution: other.replace(/0/g, '1'), secret, commitment },
      { puzzle, solution, secret: 'cd'.repeat(32), commitment },
      { puzzle, solution, secret, commitment: 'f'.repeat(64) },
    ]) {
      const verdict = checkFairness(race);
      expect(verdict).toMatchObject({ ok: false, problem: { kind: 'mismatch' } });
      if (!verdict.ok && verdict.problem.kind === 'mismatch') {
        expect(verdict.problem.expected).toBe(race.commitment);
        expect(verdict.problem.actual).toBe(commitmentOf(race.puzzle, race.solution, race.secret));
      }
    }
  });

  it('says when there is nothing to check yet, or a field is malformed', () => {
    expect(checkFairness({ puzzle, solution, secret: null, commitment })).toEqual({
      ok: false,
      problem: { kind: 'notRevealed' },
    });
    expect(checkFairness({ puzzle, solution, secret, commitment: null })).toEqual({
      ok: false,
      problem: { kind: 'noCommitment' },
    });
    expect(checkFairness({ puzzle, solution, secret: 'XYZ', commitment })).toEqual({
      ok: false,
      problem: { kind: 'malformed', field: 'secret' },
    });
    expect(checkFairness({ puzzle, solution, secret, commitment: 'A'.repeat(64) })).toEqual({
      ok: false,
      problem: { kind: 'malformed', field: 'commitment' },
    });
    expect(checkFairness({ puzzle: '1', solution, secret, commitment })).toEqual({
      ok: false,
      problem: { kind: 'malformed', field: 'puzzle' },
    });
  });

  it('gives the one-line command that checks it', () => {
    expect(verifyCommand({ puzzle, solution, secret, commitment })).toBe(
      `printf '%s' '${puzzle}${solution}${secret}' | sha256sum`,
    );
    expect(verifyCommand({ puzzle, solution, secret: null, commitment })).toBeNull();
  });
});

describe('the check against what this device saw before the end', () => {
  const revealed = { puzzle, solution, secret, commitment };
  const seenInCountdown = { commitment, beforeStart: true, puzzle };

  it('says “fixed before the start” only when the commitment was seen in the countdown', () => {
    expect(judgeFairness(revealed, seenInCountdown)).toEqual({ kind: 'fixed' });
    expect(judgeFairness(revealed, { ...seenInCountdown, puzzle: null })).toEqual({
      kind: 'fixed',
    });
    for (const seen of [undefined, { ...seenInCountdown, beforeStart: false }]) {
      const judgement = judgeFairness(revealed, seen);
      expect(judgement).toEqual({ kind: 'unwitnessed' });
      expect(toneOf(judgement)).toBe('neutral');
    }
  });

  it('rejects a commitment replaced during the race, even by one that matches the reveal', () => {
    // The server changed the puzzle mid-race and sent a matching commitment at the end.
    const first = 'f'.repeat(64);
    const judgement = judgeFairness(revealed, { ...seenInCountdown, commitment: first });
    expect(judgement).toEqual({ kind: 'commitmentChanged', first });
    expect(toneOf(judgement)).toBe('bad');
    expect(judgeFairness({ ...revealed, commitment: null }, { ...seenInCountdown }).kind).toBe(
      'commitmentChanged',
    );
  });

  it('rejects a revealed puzzle other than the one played, though the hash matches', () => {
    const played = `1${puzzle.slice(1)}`;
    const judgement = judgeFairness(revealed, { ...seenInCountdown, puzzle: played });
    expect(judgement).toEqual({ kind: 'puzzleChanged' });
    expect(toneOf(judgement)).toBe('bad');
  });

  it('is neutral for a race stored without a commitment, and red for a wrong hash', () => {
    const none = { ...revealed, commitment: null };
    for (const seen of [undefined, { commitment: null, beforeStart: true, puzzle }]) {
      expect(judgeFairness(none, seen)).toEqual({ kind: 'noCommitment' });
    }
    expect(toneOf({ kind: 'noCommitment' })).toBe('neutral');
    const wrong = { ...revealed, secret: 'cd'.repeat(32) };
    expect(toneOf(judgeFairness(wrong, seenInCountdown))).toBe('bad');
    expect(toneOf(judgeFairness(wrong, undefined))).toBe('bad');
  });
});
