import type { Digit, Grid } from '@percent/engine';
import { t } from '../../i18n/index.ts';
import { colourName } from '../../state/colours.ts';
import { INPUT_MODES, type Action, type InputMode } from '../../state/game.ts';
import { modifierMode } from '../../state/keys.ts';

interface PadProps {
  readonly mode: InputMode;
  /** Givens and entries, to dim digits already placed nine times. */
  readonly grid: Grid;
  readonly act: (action: Action) => void;
}

const DIGITS: readonly Digit[] = [1, 2, 3, 4, 5, 6, 7, 8, 9];

/**
 * The on-screen pad: plain buttons, never a text field, so a phone never raises its keyboard.
 * Buttons do not take focus on press, so the board keeps the keyboard. Shift / Ctrl held
 * while pressing a digit make a corner / centre mark, as on the keyboard.
 */
const keepFocus = (e: Event) => e.preventDefault();

export function Pad({ mode, grid, act }: PadProps) {
  const placed = new Array<number>(10).fill(0);
  for (const d of grid) placed[d]!++;
  return (
    <div class="pad" role="group" aria-label={t('pad.label')} inputMode="none">
      <div class="pad-modes pad-modes-4" role="radiogroup" aria-label={t('mode.label')}>
        {INPUT_MODES.map((m, i) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={mode === m}
            class={`pad-mode${mode === m ? ' active' : ''}`}
            onMouseDown={keepFocus}
            onClick={() => act({ type: 'setMode', mode: m })}
            title={`${t(`mode.${m}`)} (${'ZXCV'[i]})`}
          >
            {t(`mode.${m}`)}
          </button>
        ))}
      </div>
      {mode === 'colour' ? (
        <Swatches act={act} />
      ) : (
        <div class={`pad-digits mode-${mode}`}>
          {DIGITS.map((d) => (
            <button
              key={d}
              type="button"
              class={`pad-digit${placed[d]! >= 9 ? ' done' : ''}`}
              aria-label={t('pad.digit', { digit: d })}
              data-digit={d}
              onMouseDown={keepFocus}
              onClick={(e) => act({ type: 'input', digit: d, mode: modifierMode(e) })}
            >
              {d}
            </button>
          ))}
        </div>
      )}
      <div class="pad-edit">
        <button type="button" onMouseDown={keepFocus} onClick={() => act({ type: 'clear' })}>
          {t('pad.delete')}
        </button>
        <button type="button" onMouseDown={keepFocus} onClick={() => act({ type: 'undo' })}>
          {t('pad.undo')}
        </button>
        <button type="button" onMouseDown={keepFocus} onClick={() => act({ type: 'redo' })}>
          {t('pad.redo')}
        </button>
      </div>
    </div>
  );
}

/** Colour mode: nine swatches; each toggles its colour on the selected cells (as digit d would). */
function Swatches({ act }: { readonly act: (action: Action) => void }) {
  return (
    <div class="pad-digits mode-colour" role="group" aria-label={t('pad.colours')}>
      {DIGITS.map((d) => {
        const name = colourName(d);
        return (
          <button
            key={d}
            type="button"
            class={`pad-swatch colour-${name}`}
            aria-label={t('pad.colour', { digit: d, name: t(`colour.${name}`) })}
            data-colour={d}
            onMouseDown={keepFocus}
            onClick={() => act({ type: 'input', digit: d, mode: 'colour' })}
          >
            {d}
          </button>
        );
      })}
    </div>
  );
}
