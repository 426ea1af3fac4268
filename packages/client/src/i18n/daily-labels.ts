/**
 * Names of variants and difficulties that arrive as strings (stored solves, the daily API).
 * The lists come from the protocol's zod-free rules: the home page's daily card uses this, and
 * the first page loads no engine.
 */
import { DIFFICULTIES, VARIANTS } from '@percent/protocol/rules';
import { t } from './index.ts';

const isVariant = (name: string): name is (typeof VARIANTS)[number] =>
  (VARIANTS as readonly string[]).includes(name);
const isDifficulty = (name: string): name is (typeof DIFFICULTIES)[number] =>
  (DIFFICULTIES as readonly string[]).includes(name);

export const variantLabel = (variant: string): string =>
  isVariant(variant) ? t(`variant.${variant}`) : variant;

export const difficultyLabel = (difficulty: string): string =>
  isDifficulty(difficulty) ? t(`difficulty.${difficulty}`) : difficulty;
