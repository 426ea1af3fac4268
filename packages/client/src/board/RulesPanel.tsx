/**
 * The rules of a variant: `RulesPanel` (two sentences, for the solo page), `VariantShape` (the
 * board's houses drawn small: boxes outlined, windows shaded, diagonals drawn — from the
 * engine's houses, so a new variant draws itself) and `ruleLines` (the short lines of the
 * rules card, with the race's mistake rule when there is one).
 */
import { getVariant, type VariantIdName } from '@percent/engine';
import type { MistakeRule } from '@percent/protocol';
import { useMemo } from 'preact/hooks';
import { t } from '../i18n/index.ts';
import { cellX, cellY, extraShapes, UNIT, VIEW } from './geometry.ts';

/** The rules in two sentences, for the variant on the board. */
export function RulesPanel({ variant }: { readonly variant: VariantIdName }) {
  return (
    <details class="rules" open>
      <summary>
        {t('rules.title')} · {t(`variant.${variant}`)}
      </summary>
      <p>
        {t('rules.common')} {t(`rules.${variant}`)}
      </p>
    </details>
  );
}

/** The rules card's lines: the sudoku rule, the variant's extra houses, the race's rules. */
export function ruleLines(variant: VariantIdName, mistakes?: MistakeRule): string[] {
  const lines = [t('rulesCard.basic'), t(`rulesCard.extra.${variant}`)];
  if (mistakes) {
    const rule =
      mistakes.kind === 'eliminate'
        ? t('rulesCard.eliminate', { n: mistakes.allowed })
        : t('rulesCard.penalty', { n: mistakes.seconds });
    // Chinese sentences follow each other without a space.
    lines.push(t('rulesCard.raceLine', { race: t('rulesCard.race'), mistakes: rule }));
  }
  return lines;
}

const LINES = Array.from({ length: 10 }, (_, i) => i * UNIT);

/**
 * The variant's board without digits. Colours are the theme's custom properties, set inline
 * so the drawing needs no stylesheet wherever it is used.
 */
export function VariantShape({ variant }: { readonly variant: VariantIdName }) {
  const shapes = useMemo(() => extraShapes(getVariant(variant)), [variant]);
  const cells = (set: ReadonlySet<number>, fill: string) =>
    [...set].map((c) => (
      <rect key={c} x={cellX(c)} y={cellY(c)} width={UNIT} height={UNIT} style={{ fill }} />
    ));
  return (
    <svg
      class="variant-shape"
      viewBox={`-12 -12 ${VIEW + 24} ${VIEW + 24}`}
      role="img"
      aria-label={t('rulesCard.shape', { variant: t(`variant.${variant}`) })}
    >
      <rect width={VIEW} height={VIEW} style={{ fill: 'var(--surface)' }} />
      {cells(shapes.shaded, 'var(--shade-window)')}
      {cells(shapes.diagonalCells, 'var(--shade-diagonal)')}
      {shapes.lines.map((l, i) => (
        <line
          key={i}
          {...l}
          style={{
            stroke: 'var(--accent)',
            strokeWidth: 22,
            strokeLinecap: 'round',
            opacity: 0.75,
          }}
        />
      ))}
      {LINES.map((p) => (
        <g key={p} style={{ stroke: p % 300 === 0 ? 'var(--grid-thick)' : 'var(--grid-thin)' }}>
          <line x1={p} y1={0} x2={p} y2={VIEW} stroke-width={p % 300 === 0 ? 16 : 4} />
          <line x1={0} y1={p} x2={VIEW} y2={p} stroke-width={p % 300 === 0 ? 16 : 4} />
        </g>
      ))}
    </svg>
  );
}
