/**
 * Pure updates of the room snapshot: `race:progress` is a delta on one player's race (and, for
 * spectators under the `live` rule, their board); `room:state` replaces the whole view.
 */
import type { PlayerView, ProgressEvent, RoomView } from '@percent/protocol';

export function applyProgress(view: RoomView, event: ProgressEvent): RoomView {
  const players = view.players.map((p): PlayerView =>
    p.id === event.playerId
      ? {
          ...p,
          race: {
            status: event.status,
            progress: event.progress,
            timeMs: event.timeMs,
            place: event.place,
          },
        }
      : p,
  );
  const race =
    view.race && event.board !== null
      ? { ...view.race, boards: { ...view.race.boards, [event.playerId]: event.board } }
      : view.race;
  return { ...view, players, race };
}

export const playerOf = (view: RoomView, id: string | null): PlayerView | undefined =>
  id === null ? undefined : view.players.find((p) => p.id === id);

/** A player's place as soon as they finish (provisional until the race ends); else null. */
export const placeOf = (player: PlayerView): number | null => player.race?.place ?? null;

/** True while this seat may still move, as the server's last view said (`you.can.move`). */
export const runsInRace = (view: RoomView | undefined): boolean => view?.you.can.move === true;
