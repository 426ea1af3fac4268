import { TEAM_COUNT } from '@percent/protocol/rules';
import { describe, expect, it } from 'vitest';
import { closestPair, SIMULATIONS } from './colour-vision.ts';
import { TEAM_PALETTE, teamColour } from './team-colours.ts';

describe('team colours', () => {
  it('has one colour per team a room may play', () => {
    expect(TEAM_PALETTE).toHaveLength(TEAM_COUNT.max);
    expect(new Set(TEAM_PALETTE).size).toBe(TEAM_COUNT.max);
    expect(teamColour(1)).toBe('#0072B2');
  });

  // Teams sit side by side in bars and lane edges: kept further apart than player colours.
  it.each(Object.entries(SIMULATIONS))(
    'keeps every two team colours apart for %s readers (ΔE*ab ≥ 20)',
    (_, matrix) => {
      expect(closestPair(TEAM_PALETTE, matrix)).toBeGreaterThanOrEqual(20);
    },
  );
});
