/**
 * Team colours (`PlayerView.team` indexes this palette): the four of Okabe and Ito's colours that stay
 * furthest apart for colour-blind readers (ΔE*ab ≥ 22 under every simulation). A team is always named beside its colour ("Team Orange"), so the colour
 * is never the only cue; `team-colours.test.ts` checks they stay apart under simulated
 * protanopia, deuteranopia and tritanopia.
 */
import { TEAM_COUNT } from '@percent/protocol/rules';

export const TEAM_PALETTE = [
  '#D55E00', // vermillion: Team Red
  '#0072B2', // blue
  '#F0E442', // yellow
  '#CC79A7', // reddish purple: Team Pink
] as const;

if (TEAM_PALETTE.length !== TEAM_COUNT.max) throw new Error('one colour per team');

export const teamColour = (team: number): string => TEAM_PALETTE[team % TEAM_PALETTE.length]!;
