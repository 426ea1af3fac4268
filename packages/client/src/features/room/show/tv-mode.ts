/**
 * Whether this screen shows the room in TV mode: `?tv=1` in the link, the spectator's "Big
 * screen" toggle, or by default for a host who sits the races out (running the room from a
 * TV). The toggle's choice wins over the defaults until the page is reloaded.
 */
import type { RoomView } from '@percent/protocol';
import { signal } from '@preact/signals';
import { playerOf } from '@percent/net';
import { sitsOut } from './race-facts.ts';

/** The viewer's explicit choice; undefined follows the defaults. */
export const tvChoice = signal<boolean | undefined>(undefined);

export const tvRequested = (): boolean => new URLSearchParams(location.search).get('tv') === '1';

export function tvOn(view: RoomView): boolean {
  const me = playerOf(view, view.you.playerId);
  // A host who sits out runs the room from this screen; a guest sitting one race out on a
  // phone keeps the ordinary page (the toggle still offers the big screen).
  const hostOnScreen = sitsOut(me) && me?.host === true;
  return tvChoice.value ?? (tvRequested() || hostOnScreen);
}
