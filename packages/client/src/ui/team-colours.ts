/**
 * Team colours (`PlayerView.team` indexes this palette): four of Okabe and Ito's colours for
 * colour-blind readers. A team is always named beside its colour ("Team Orange"), so the colour
 * is never the only cue; `team-colours.test.ts` checks they stay apart under simulated
 * protanopia, deuteranopia and tritanopia.
 */
import { TEAM_COUNT } from '@percent/protocol/rules';

export const TEAM_PALETTE = [
  '#E69F00', // orange
  '#0072B2', // blue
  '#009E73', // bluish green
  '#CC79A7', // reddish purple
] as const;

if (TEAM_PALETTE.length !== TEAM_COUNT.max) throw new Error('one colour per team');

export const teamColour = (team: number): string => TEAM_PALETTE[team % TEAM_PALETTE.length]!;
