/**
 * Pure updates of the room snapshot: each event of a `race:progress` batch is a delta on one
 * player's race (and, for spectators under the `live` rule, their board); a move's
 * acknowledgement is the same delta on your own race; `room:state` replaces the whole view.
 */
import type {
  MoveReply,
  PlayerView,
  ProgressBatch,
  ProgressEvent,
  RoomView,
  TeamProgress,
} from '@percent/protocol';

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
  const boards =
    view.race && event.board !== null
      ? { ...view.race, boards: { ...view.race.boards, [event.playerId]: event.board } }
      : view.race;
  return { ...view, players, race: withTeam(boards, event.team) };
}

/** A team race: the mover's team's progress replaced (its place and order wait for `room:state`). */
function withTeam(race: RoomView['race'], team: TeamProgress | null): RoomView['race'] {
  if (!race?.teams || team === null) return race;
  const teams = race.teams.map((t) => (t.team === team.team ? { ...t, ...team } : t));
  return { ...race, teams };
}

/** Every event of a `race:progress` batch, in order. */
export function applyProgressBatch(view: RoomView, batch: ProgressBatch): RoomView {
  return batch.events.reduce(applyProgress, view);
}

/**
 * Your own race after the acknowledgement of your move: its status and progress (the server
 * sends you no `race:progress` of your own; your time and place come with `room:state` when
 * your race ends). A view without your seat is returned as it was.
 */
export function applyOwnMove(view: RoomView, reply: MoveReply): RoomView {
  const me = playerOf(view, view.you.playerId);
  if (!me?.race) return view;
  return applyProgress(view, {
    playerId: me.id,
    status: reply.status,
    progress: reply.progress,
    timeMs: me.race.timeMs,
    place: me.race.place,
    board: null,
    team: reply.team,
  });
}

export const playerOf = (view: RoomView, id: string | null): PlayerView | undefined =>
  id === null ? undefined : view.players.find((p) => p.id === id);

/** A player's place as soon as they finish (provisional until the race ends); else null. */
export const placeOf = (player: PlayerView): number | null => player.race?.place ?? null;

/** True while this seat may still move, as the server's last view said (`you.can.move`). */
export const runsInRace = (view: RoomView | undefined): boolean => view?.you.can.move === true;
