/**
 * The small shapes the views are made of (`views.ts`, `stored.ts`): not exported from the
 * package — a client names the views, not their parts.
 */
import { z } from 'zod';
import { DIFFICULTIES, RUNNER_STATUSES, VARIANTS } from './rules.ts';

/** 81 characters, row-major, `1`–`9` or `0` for a blank. */
export const Board = z.string().regex(/^[0-9]{81}$/, 'a board is 81 digits');
export const Hex64 = z.string().regex(/^[0-9a-f]{64}$/, '64 lowercase hex digits');
/** Server epoch milliseconds, or a duration in ms. */
export const Ms = z.number().int();
export const Count = z.int().min(0);
export const Variant = z.enum(VARIANTS);
export const Difficulty = z.enum(DIFFICULTIES);
export const Status = z.enum(RUNNER_STATUSES);
/** How a runner's race ended: any status but `racing`. */
export const OutcomeSchema = z.enum(RUNNER_STATUSES).exclude(['racing']);
