/**
 * A player's colour with their initial in it (`PlayerView.colour`): the colour is never the
 * only cue — the initial and the name beside it say who it is. The initial is drawn by CSS
 * (`data-initial`), so it adds nothing to the text of a row (the name is already there).
 */
import { colourOf, inkOn } from './player-colours.ts';

export function Avatar({
  nickname,
  colour,
  class: className = '',
}: {
  readonly nickname: string;
  readonly colour: number;
  readonly class?: string;
}) {
  const background = colourOf(colour);
  // The first letter as a person sees it (a surrogate pair or a CJK character stays whole).
  const initial = Array.from(nickname.trim())[0]?.toUpperCase() ?? '?';
  return (
    <span
      class={`avatar ${className}`.trim()}
      style={{ background, color: inkOn(background) }}
      data-colour={colour}
      data-initial={initial}
      aria-hidden="true"
    />
  );
}
