import { PLAYER_COLOURS } from '@percent/protocol/rules';
import { describe, expect, it } from 'vitest';
import { colourOf, inkOn, PALETTE } from './player-colours.ts';
import { closestPair, SIMULATIONS } from './colour-vision.ts';

describe('player colours', () => {
  it('has one colour per index the server hands out, and wraps', () => {
    expect(PALETTE).toHaveLength(PLAYER_COLOURS);
    expect(colourOf(PLAYER_COLOURS)).toBe(colourOf(0));
  });

  it.each(Object.entries(SIMULATIONS))(
    'keeps every two colours apart for %s readers (ΔE*ab ≥ 15)',
    (_, matrix) => {
      expect(closestPair(PALETTE, matrix)).toBeGreaterThanOrEqual(15);
    },
  );

  it('writes initials in the ink that reads on each colour', () => {
    expect(inkOn('#F0E442')).toBe('#000');
    expect(inkOn('#0072B2')).toBe('#fff');
  });
});
