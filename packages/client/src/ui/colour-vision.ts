/**
 * How colours look to readers with colour-vision deficiencies, for the palettes' tests
 * (`player-colours.test.ts`, `team-colours.test.ts`); imported by tests only.
 */
import { linearRgb } from './player-colours.ts';

/**
 * Machado, Oliveira and Fernandes (2009), severity 1.0, applied in linear RGB: how the colours
 * look to a reader without L, M or S cones.
 */
export const SIMULATIONS = {
  normal: [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
} as const;

/** CIE L*a*b* (D65) of linear RGB. */
function lab([r, g, b]: readonly number[]): [number, number, number] {
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  const [R, G, B] = [clamp(r!), clamp(g!), clamp(b!)];
  const x = (0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047;
  const y = 0.2126 * R + 0.7152 * G + 0.0722 * B;
  const z = (0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

export const seen = (hex: string, m: readonly (readonly number[])[]) => {
  const rgb = linearRgb(hex);
  return lab(m.map((row) => row[0]! * rgb[0] + row[1]! * rgb[1] + row[2]! * rgb[2]));
};
export const distance = (a: readonly number[], b: readonly number[]) =>
  Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

/** The smallest ΔE*ab between two colours of `palette` as a reader under `matrix` sees them. */
export function closestPair(palette: readonly string[], matrix: readonly (readonly number[])[]) {
  const looks = palette.map((hex) => seen(hex, matrix));
  let closest = Infinity;
  for (let i = 0; i < looks.length; i++)
    for (let j = i + 1; j < looks.length; j++)
      closest = Math.min(closest, distance(looks[i]!, looks[j]!));
  return closest;
}
