import type { Result, RoomSummaryView } from '@percent/protocol';
import type { Replies } from '../rooms/index.ts';
import type { RoomHandle } from '../runner/directory.ts';
import type { ClientCommand } from '../runner/room-runner.ts';

/** How this node reaches the owner of a room it does not run (`node.ts`, over `NodeRpc`). */
export interface Forward {
  /** The owner's reply, or ROOM_UNAVAILABLE when it is gone or does not answer in time. */
  submit(node: string, code: string, command: ClientCommand): Promise<Result>;
  start(node: string, code: string, connectionId: string): Promise<Result>;
  importPuzzle(
    node: string,
    code: string,
    connectionId: string,
    text: string | null,
  ): Promise<Result>;
  summary(node: string, code: string): Promise<RoomSummaryView | undefined>;
}

/** A room run by another node: every command goes to that node and its reply comes back. */
export interface RemoteHandle extends RoomHandle {
  readonly node: string;
}

export function remoteHandle(code: string, node: string, forward: Forward): RemoteHandle {
  return {
    code,
    node,
    submit: <C extends ClientCommand>(command: C) =>
      forward.submit(node, code, command) as Promise<Result<Replies[C['type']]>>,
    startRace: (connectionId) => forward.start(node, code, connectionId),
    importPuzzle: (connectionId, text) => forward.importPuzzle(node, code, connectionId, text),
  };
}

/** What one node asks another (JSON over pub/sub). */
export type NodeRequest =
  | { readonly kind: 'submit'; readonly code: string; readonly command: ClientCommand }
  | { readonly kind: 'start'; readonly code: string; readonly connectionId: string }
  | { readonly kind: 'summary'; readonly code: string }
  | {
      readonly kind: 'import';
      readonly code: string;
      readonly connectionId: string;
      readonly text: string | null;
    };
