/**
 * Whether this screen shows the room in TV mode: `?tv=1` in the link, the spectator's "Big
 * screen" toggle, or by default for a seat that sits the races out (a host running the room
 * from a TV). The toggle's choice wins over the defaults until the page is reloaded.
 */
import type { RoomView } from '@percent/protocol';
import { signal } from '@preact/signals';
import { playerOf } from '../../net/views.ts';
import { sitsOut } from './race-facts.ts';

/** The viewer's explicit choice; undefined follows the defaults. */
export const tvChoice = signal<boolean | undefined>(undefined);

export const tvRequested = (): boolean => new URLSearchParams(location.search).get('tv') === '1';

export function tvOn(view: RoomView): boolean {
  return tvChoice.value ?? (tvRequested() || sitsOut(playerOf(view, view.you.playerId)));
}
