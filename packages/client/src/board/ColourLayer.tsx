import type { CellIndex } from '@percent/engine';
import { colourNames } from '../state/colours.ts';
import { cellX, cellY, colourWedges } from './geometry.ts';
import './colours.css';

const CELLS_LIST: readonly CellIndex[] = Array.from({ length: 81 }, (_, i) => i);

/**
 * The cells' colours (colour mode), one slice per colour when a cell has several. Drawn over
 * the rule shading and under the highlights, digits and marks.
 */
export function ColourLayer({ colours }: { readonly colours: Uint16Array }) {
  return (
    <g class="colours">
      {CELLS_LIST.map((c) => {
        const names = colourNames(colours[c]!);
        if (names.length === 0) return null;
        const wedges = colourWedges(names.length);
        return (
          <g
            key={c}
            transform={`translate(${cellX(c)} ${cellY(c)})`}
            data-colour-of={c}
            data-colours={names.join(' ')}
          >
            {names.map((name, i) => (
              <polygon key={name} points={wedges[i]} class={`cell-colour colour-${name}`} />
            ))}
          </g>
        );
      })}
    </g>
  );
}
