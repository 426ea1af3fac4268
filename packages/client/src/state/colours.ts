import type { Digit } from '@percent/engine';
import { markDigits } from './marks.ts';

/**
 * The nine cell colours of colour mode, in pad order: colour d is typed with digit d and is
 * bit d of `Marks.colours`. The names are stable ids (i18n keys `colour.<name>`, CSS custom
 * properties `--colour-<name>` in board/colours.css); the values live in CSS so light and dark
 * themes each get a palette that keeps digits and marks readable on top.
 */
export const COLOURS = [
  'grey',
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'purple',
  'pink',
] as const;
export type ColourName = (typeof COLOURS)[number];

export const colourName = (colour: Digit): ColourName => COLOURS[colour - 1] ?? 'grey';

/** The colours of a bit set, in palette order. */
export const colourNames = (bits: number): ColourName[] => markDigits(bits).map(colourName);
