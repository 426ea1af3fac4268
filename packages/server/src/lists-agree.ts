/**
 * The engine imports nothing from the workspace, so it keeps its own lists of variants,
 * difficulties and move verdicts; the protocol's are the contract. The server sees both: this
 * file fails to compile the day they differ (a variant added to one and not the other).
 */
import type { DebriefMove, DifficultyName, VariantIdName } from '@percent/engine';
import type { DifficultyLevel, MoveVerdict, VariantName } from '@percent/protocol';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

export const LISTS_AGREE: [
  Same<VariantIdName, VariantName>,
  Same<DifficultyName, DifficultyLevel>,
  Same<DebriefMove['verdict'], MoveVerdict>,
] = [true, true, true];
