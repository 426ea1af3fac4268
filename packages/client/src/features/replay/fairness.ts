/**
 * The commit–reveal check of a race (pure: no DOM, no network). The server sends the
 * commitment at the start, before the puzzle, and reveals its secret at the end; the puzzle was
 * fixed before the start if SHA-256 over the ASCII text `puzzle + solution + secret` (81 + 81
 * digits, '0' for blanks, then the secret's 64 lowercase hex digits) is the commitment — the
 * protocol's `commitmentOf`, the function the server commits with. Used by the results and the
 * replay page.
 */
import { commitmentOf } from '@percent/protocol/rules';

export interface Revealed {
  readonly puzzle: string | null;
  readonly solution: string | null;
  readonly secret: string | null;
  readonly commitment: string | null;
}

/** Why a check failed: the commitment, the secret or the boards are not what they must be. */
export type FairnessProblem =
  | { readonly kind: 'noCommitment' }
  | { readonly kind: 'notRevealed' }
  | { readonly kind: 'malformed'; readonly field: 'commitment' | 'secret' | 'puzzle' | 'solution' }
  | { readonly kind: 'mismatch'; readonly expected: string; readonly actual: string };

export type FairnessVerdict =
  { readonly ok: true } | { readonly ok: false; readonly problem: FairnessProblem };

const HEX64 = /^[0-9a-f]{64}$/;
const DIGITS81 = /^[0-9]{81}$/;

/** Whether the revealed puzzle, solution and secret are those the commitment was made for. */
export function checkFairness(race: Revealed): FairnessVerdict {
  const { puzzle, solution, secret, commitment } = race;
  if (commitment === null) return fail({ kind: 'noCommitment' });
  if (!HEX64.test(commitment)) return fail({ kind: 'malformed', field: 'commitment' });
  if (secret === null || puzzle === null || solution === null) return fail({ kind: 'notRevealed' });
  if (!HEX64.test(secret)) return fail({ kind: 'malformed', field: 'secret' });
  if (!DIGITS81.test(puzzle)) return fail({ kind: 'malformed', field: 'puzzle' });
  if (!DIGITS81.test(solution)) return fail({ kind: 'malformed', field: 'solution' });
  const actual = commitmentOf(puzzle, solution, secret);
  return actual === commitment
    ? { ok: true }
    : fail({ kind: 'mismatch', expected: commitment, actual });
}

const fail = (problem: FairnessProblem): FairnessVerdict => ({ ok: false, problem });

/** The one-line shell command that checks the same thing (shown to anyone who wants to). */
export function verifyCommand(race: Revealed): string | null {
  const { puzzle, solution, secret } = race;
  if (puzzle === null || solution === null || secret === null) return null;
  return `printf '%s' '${puzzle}${solution}${secret}' | sha256sum`;
}

/** What this device saw before the end (see witness.ts); the judgement needs only this. */
export interface Seen {
  readonly commitment: string | null;
  readonly beforeStart: boolean;
  readonly puzzle: string | null;
}

/**
 * What the check at the end can honestly say. ✓ `fixed` only when this device saw the
 * commitment in the countdown, it did not change, the puzzle revealed is the one played and
 * the hash matches. `unwitnessed`: the values match the commitment, but this device did not
 * see it before the start (joined late, a spectator arriving at the end, a replay) — neutral.
 */
export type FairnessJudgement =
  | { readonly kind: 'fixed' }
  | { readonly kind: 'unwitnessed' }
  | { readonly kind: 'commitmentChanged'; readonly first: string | null }
  | { readonly kind: 'puzzleChanged' }
  | FairnessProblem;

export type FairnessTone = 'ok' | 'neutral' | 'bad';

export function judgeFairness(race: Revealed, seen: Seen | undefined): FairnessJudgement {
  if (seen && seen.commitment !== race.commitment) {
    return { kind: 'commitmentChanged', first: seen.commitment };
  }
  const verdict = checkFairness(race);
  if (!verdict.ok) return verdict.problem;
  if (seen?.puzzle != null && seen.puzzle !== race.puzzle) return { kind: 'puzzleChanged' };
  return seen?.beforeStart ? { kind: 'fixed' } : { kind: 'unwitnessed' };
}

/** ✓, neutral (nothing to hold against the server, nothing proved), or ✗. */
export function toneOf(judgement: FairnessJudgement): FairnessTone {
  switch (judgement.kind) {
    case 'fixed':
      return 'ok';
    case 'unwitnessed':
    case 'noCommitment':
    case 'notRevealed':
      return 'neutral';
    default:
      return 'bad';
  }
}
