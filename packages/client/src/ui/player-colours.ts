/**
 * The players' colours (`PlayerView.colour` indexes this palette): Okabe and Ito's eight
 * colours for colour-blind readers, black swapped for a dark grey (white initials on it on both themes).
 * A colour never stands alone: lanes, standings and the lobby pair it with the player's
 * initial and name (`Avatar`). `player-colours.test.ts` checks every pair stays apart under
 * simulated protanopia, deuteranopia and tritanopia.
 */
import { PLAYER_COLOURS } from '@percent/protocol/rules';

export const PALETTE = [
  '#E69F00', // orange
  '#56B4E9', // sky blue
  '#009E73', // bluish green
  '#F0E442', // yellow
  '#0072B2', // blue
  '#D55E00', // vermillion
  '#CC79A7', // reddish purple
  '#5A5A5A', // dark grey
] as const;

if (PALETTE.length !== PLAYER_COLOURS) throw new Error('one colour per PLAYER_COLOURS index');

/** The colour of palette index `index` (any integer: wraps). */
export const colourOf = (index: number): string =>
  PALETTE[((index % PALETTE.length) + PALETTE.length) % PALETTE.length]!;

/** Black or white, whichever reads better on `hex` (WCAG relative luminance). */
export function inkOn(hex: string): '#000' | '#fff' {
  return luminance(hex) > 0.3 ? '#000' : '#fff';
}

/** WCAG relative luminance of a #RRGGBB colour, 0..1. */
export function luminance(hex: string): number {
  const [r, g, b] = linearRgb(hex);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** #RRGGBB as linear-light RGB, each 0..1. */
export function linearRgb(hex: string): [number, number, number] {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return [channel(0), channel(1), channel(2)];
}
