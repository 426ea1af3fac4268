import { describe, expect, it } from 'vitest';
import { glicko2 } from './glicko2.ts';

describe('Glicko-2', () => {
  it('reproduces the worked example of Glickman’s paper', () => {
    const player = { rating: 1500, rd: 200, volatility: 0.06 };
    const after = glicko2(player, [
      { opponent: { rating: 1400, rd: 30 }, score: 1 },
      { opponent: { rating: 1550, rd: 100 }, score: 0 },
      { opponent: { rating: 1700, rd: 300 }, score: 0 },
    ]);
    // The paper: r' = 1464.06, RD' = 151.52, σ' = 0.05999.
    expect(after.rating).toBeCloseTo(1464.06, 1);
    expect(after.rd).toBeCloseTo(151.52, 1);
    expect(after.volatility).toBeCloseTo(0.05999, 4);
  });

  it('only widens the deviation of a player with no games in the period', () => {
    const player = { rating: 1700, rd: 50, volatility: 0.06 };
    const after = glicko2(player, []);
    expect(after.rating).toBe(1700);
    expect(after.volatility).toBe(0.06);
    expect(after.rd).toBeCloseTo(Math.sqrt(50 ** 2 + (0.06 * 173.7178) ** 2), 6);
  });

  it('moves a win up and a loss down by the same amount between equals', () => {
    const player = { rating: 1500, rd: 350, volatility: 0.06 };
    const win = glicko2(player, [{ opponent: player, score: 1 }]);
    const loss = glicko2(player, [{ opponent: player, score: 0 }]);
    const draw = glicko2(player, [{ opponent: player, score: 0.5 }]);
    expect(win.rating - 1500).toBeCloseTo(1500 - loss.rating, 6);
    expect(win.rating).toBeGreaterThan(1600);
    expect(draw.rating).toBeCloseTo(1500, 6);
    expect(win.rd).toBeLessThan(350);
  });
});
