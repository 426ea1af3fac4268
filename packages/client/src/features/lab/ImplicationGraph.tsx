/**
 * A conflict's implication graph as SVG: one row per decision level, the assignments in trail
 * order, an arrow from each antecedent to what it implied, and κ, the conflict. The conflict
 * side of the first-UIP cut is shaded and the UIP ringed. Scrolls sideways on a phone.
 */
import type { ConflictAnalysis } from '@percent/engine';
import { t } from '../../i18n/index.ts';
import { litText } from './step-state.ts';

const COL = 84;
const ROW = 64;
const PAD = 36;
const R = 22;

export function ImplicationGraph({ analysis }: { readonly analysis: ConflictAnalysis }) {
  const { nodes, edges, uip } = analysis;
  const levels = [...new Set(nodes.map((n) => n.level))].sort((a, b) => a - b);
  const place = new Map<number, { x: number; y: number }>();
  nodes.forEach((n, i) => {
    place.set(Math.abs(n.lit), { x: PAD + i * COL, y: PAD + levels.indexOf(n.level) * ROW });
  });
  const conflictRow = levels.length - 1;
  const kappa = { x: PAD + nodes.length * COL, y: PAD + conflictRow * ROW };
  place.set(0, kappa);
  const width = kappa.x + PAD;
  const height = PAD * 2 + conflictRow * ROW;
  const label = t('lab.step.graphLabel', {
    nodes: nodes.map((n) => `${litText(n.lit)}@${n.level}`).join(', '),
    uip: litText(-uip),
  });
  return (
    // Focusable: at phone width it scrolls sideways, and a keyboard must reach that too.
    <div
      class="lab-graph"
      data-testid="lab-graph"
      tabIndex={0}
      role="group"
      aria-label={t('lab.step.graph')}
    >
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
        role="img"
        aria-label={label}
      >
        <defs>
          <marker
            id="lab-arrow"
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="7"
            markerHeight="7"
            orient="auto-start-reverse"
          >
            <path d="M 0 0 L 10 5 L 0 10 z" class="lab-graph-arrowhead" />
          </marker>
        </defs>
        {levels.map((level, row) => (
          <text key={`l${level}`} x={4} y={PAD + row * ROW - R - 4} class="lab-graph-level">
            {t('lab.step.level', { level })}
          </text>
        ))}
        {edges.map(([from, to], i) => {
          const a = place.get(from);
          const b = place.get(to);
          if (!a || !b) return null;
          const d = Math.hypot(b.x - a.x, b.y - a.y) || 1;
          const [ux, uy] = [(b.x - a.x) / d, (b.y - a.y) / d];
          return (
            <line
              key={i}
              x1={a.x + ux * R}
              y1={a.y + uy * R}
              x2={b.x - ux * (R + 2)}
              y2={b.y - uy * (R + 2)}
              class="lab-graph-edge"
              marker-end="url(#lab-arrow)"
            />
          );
        })}
        {nodes.map((n) => {
          const p = place.get(Math.abs(n.lit))!;
          const isUip = n.lit === -uip;
          const cls = `lab-graph-node${n.conflictSide ? ' conflict-side' : ''}${isUip ? ' uip' : ''}`;
          return (
            <g key={n.lit} class={cls} data-lit={n.lit}>
              <circle cx={p.x} cy={p.y} r={R} />
              <text x={p.x} y={p.y} dominant-baseline="central" text-anchor="middle">
                {litText(n.lit)}
              </text>
            </g>
          );
        })}
        <g class="lab-graph-node kappa">
          <circle cx={kappa.x} cy={kappa.y} r={R} />
          <text x={kappa.x} y={kappa.y} dominant-baseline="central" text-anchor="middle">
            κ
          </text>
        </g>
      </svg>
    </div>
  );
}
