/**
 * Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013): one rating period's update
 * of one player from the games they played in it, as a pure function of plain numbers. Written
 * here rather than taken from npm because the packages there (glicko2, glicko2.ts) keep mutable
 * player objects inside a ranking instance; the room core needs `(player, games) → player`.
 */

/** A rating on the Glicko scale: 1500 ± RD, with volatility σ. */
export interface Glicko {
  readonly rating: number;
  readonly rd: number;
  readonly volatility: number;
}

/** One game of the period: the opponent's rating before it and the score (1 win, ½ draw, 0 loss). */
export interface Game {
  readonly opponent: Pick<Glicko, 'rating' | 'rd'>;
  readonly score: 0 | 0.5 | 1;
}

/** Glicko-2's scale factor between the Glicko and Glicko-2 scales (400 / ln 10). */
const SCALE = 173.7178;
/** The system constant τ: how much the volatility may change in one period (paper: 0.3–1.2). */
export const TAU = 0.5;
/** Convergence tolerance of the volatility iteration (the paper's ε). */
const EPSILON = 0.000001;

const g = (phi: number): number => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const expected = (mu: number, muJ: number, phiJ: number): number =>
  1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));

/**
 * The player's rating after a period with these games (steps 2–8 of the paper). With no games
 * only the deviation grows (step 6), as the paper prescribes for a player who did not compete.
 */
export function glicko2(player: Glicko, games: readonly Game[], tau = TAU): Glicko {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.rd / SCALE;
  const sigma = player.volatility;
  if (games.length === 0) {
    return { ...player, rd: Math.sqrt(phi * phi + sigma * sigma) * SCALE };
  }
  let inverseV = 0;
  let sum = 0;
  for (const { opponent, score } of games) {
    const muJ = (opponent.rating - 1500) / SCALE;
    const phiJ = opponent.rd / SCALE;
    const e = expected(mu, muJ, phiJ);
    inverseV += g(phiJ) ** 2 * e * (1 - e);
    sum += g(phiJ) * (score - e);
  }
  const v = 1 / inverseV;
  const delta = v * sum;
  const sigmaNew = newVolatility(phi, sigma, v, delta, tau);
  const phiStar = Math.sqrt(phi * phi + sigmaNew * sigmaNew);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * sum;
  return { rating: muNew * SCALE + 1500, rd: phiNew * SCALE, volatility: sigmaNew };
}

/** Step 5: the new volatility, by the Illinois algorithm on f(x) = 0 as the paper gives it. */
function newVolatility(phi: number, sigma: number, v: number, delta: number, tau: number): number {
  const a = Math.log(sigma * sigma);
  const f = (x: number): number => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - d)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let lower = a;
  let upper: number;
  if (delta * delta > phi * phi + v) {
    upper = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    upper = a - k * tau;
  }
  let fLower = f(lower);
  let fUpper = f(upper);
  while (Math.abs(upper - lower) > EPSILON) {
    const c = lower + ((lower - upper) * fLower) / (fUpper - fLower);
    const fC = f(c);
    if (fC * fUpper <= 0) {
      lower = upper;
      fLower = fUpper;
    } else {
      fLower /= 2;
    }
    upper = c;
    fUpper = fC;
  }
  return Math.exp(lower / 2);
}
