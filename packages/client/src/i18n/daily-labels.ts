/** Names of variants and difficulties that arrive as strings (stored solves, the daily API). */
import { isDifficulty, isVariantId } from '@percent/engine';
import { t } from './index.ts';

export const variantLabel = (variant: string): string =>
  isVariantId(variant) ? t(`variant.${variant}`) : variant;

export const difficultyLabel = (difficulty: string): string =>
  isDifficulty(difficulty) ? t(`difficulty.${difficulty}`) : difficulty;
