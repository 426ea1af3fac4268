/**
 * The room as this tab sees it: `@percent/net`'s `RoomSession` (the snapshot, the seat, rejoin
 * with the session token, moves re-sent with their ids) on the page's link, remembering the
 * device id and the seats' tokens in localStorage — plus what only the page needs: the
 * commit–reveal witness of the race.
 */
import type { RoomView } from '@percent/protocol';
import { RoomSession as NetRoomSession, type RoomLink, type SeatMemory } from '@percent/net';
import { batch, signal } from '@preact/signals';
import { witnessRace, type Witness } from './witness.ts';
import { getLink } from './connection.ts';
import {
  deviceId,
  deviceSecret,
  saveNickname,
  saveSessionToken,
  sessionTokenOf,
} from './identity.ts';

export type { MoveListener } from '@percent/net';

/** The device's memory in localStorage (`identity.ts`). */
const browserMemory: SeatMemory = {
  deviceId,
  deviceSecret,
  tokenOf: sessionTokenOf,
  saveToken: saveSessionToken,
  saveNickname,
};

export class RoomSession extends NetRoomSession {
  /**
   * What this tab (or this device before a reload) saw of the current race before its end:
   * the first commitment, whether it came in the countdown, the puzzle played. Updated with
   * every snapshot, so the check at the end does not rely on the final view alone.
   */
  readonly witness = signal<Witness | undefined>(undefined);

  constructor(code: string, link: RoomLink = getLink(), memory: SeatMemory = browserMemory) {
    super(code, link, memory);
  }

  protected override accept(view: RoomView): void {
    if (view.code !== this.code) return;
    batch(() => {
      this.witness.value = witnessRace(this.witness.peek(), view);
      super.accept(view);
    });
  }
}
