/// <reference lib="dom" />
/**
 * The board's colours as the browser computes them, and their WCAG 2 contrast ratios: the
 * percent houses' tints and lines against a plain cell (non-text contrast, 3:1) and the digit
 * colours against every cell background (text, 4.5:1).
 */
import type { Page } from 'playwright-core';

type Rgba = readonly [number, number, number, number];

export interface BoardColours {
  readonly cell: string;
  readonly window: string;
  readonly diagonal: string;
  readonly windowEdge: string;
  readonly diagonalLine: string;
  /** The digit colours: given, entry, mark, conflict (the theme's custom properties). */
  readonly digits: Readonly<Record<'given' | 'entry' | 'mark' | 'danger', string>>;
}

/** Reads the computed colours of the first board on the page. */
export function readColours(page: Page): Promise<BoardColours> {
  return page.evaluate(() => {
    const board = document.querySelector('svg.board')!;
    const style = (selector: string) => getComputedStyle(board.querySelector(selector)!);
    const variable = (name: string) => {
      const probe = document.createElement('span');
      probe.style.color = `var(${name})`;
      document.body.append(probe);
      const colour = getComputedStyle(probe).color;
      probe.remove();
      return colour;
    };
    return {
      cell: style('rect.cell-bg:not(.shaded):not(.diagonal)').fill,
      window: style('rect.cell-bg.shaded').fill,
      diagonal: style('rect.cell-bg.diagonal').fill,
      windowEdge: style('path.window-edge').stroke,
      diagonalLine: style('line.board-diagonal').stroke,
      digits: {
        given: variable('--given'),
        entry: variable('--entry'),
        mark: variable('--mark'),
        danger: variable('--danger'),
      },
    };
  });
}

function parse(colour: string): Rgba {
  const match = /^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/.exec(colour);
  if (!match) throw new Error(`not an rgb() colour: ${colour}`);
  const [, r, g, b, a] = match;
  return [Number(r), Number(g), Number(b), a === undefined ? 1 : Number(a)];
}

/** A translucent colour as it shows over an opaque one. */
function over(top: Rgba, below: Rgba): Rgba {
  const mix = (i: 0 | 1 | 2) => top[i] * top[3] + below[i] * (1 - top[3]);
  return [mix(0), mix(1), mix(2), 1];
}

const channel = (value: number): number => {
  const s = value / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

const luminance = ([r, g, b]: Rgba): number =>
  0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);

/** The WCAG 2 contrast ratio of two opaque colours, 1 to 21. */
export function contrast(a: Rgba, b: Rgba): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

export interface Ratios {
  /** Lines and tints that show a house, against what they sit on: at least 3. */
  readonly shapes: Record<string, number>;
  /** Digit colours against each cell background: at least 4.5. */
  readonly text: Record<string, number>;
}

export function contrastOf(colours: BoardColours): Ratios {
  const cell = parse(colours.cell);
  const window = over(parse(colours.window), cell);
  const diagonal = over(parse(colours.diagonal), cell);
  const edge = over(parse(colours.windowEdge), window);
  const line = over(parse(colours.diagonalLine), diagonal);
  const text: Record<string, number> = {};
  const backgrounds = { cell, window, diagonal };
  for (const [digit, colour] of Object.entries(colours.digits))
    for (const [name, background] of Object.entries(backgrounds))
      text[`${digit} on ${name}`] = contrast(over(parse(colour), background), background);
  return {
    shapes: {
      'window outline vs plain cell': contrast(edge, cell),
      'window outline vs window tint': contrast(edge, window),
      'diagonal line vs plain cell': contrast(line, cell),
      'diagonal line vs diagonal tint': contrast(line, diagonal),
    },
    text,
  };
}
