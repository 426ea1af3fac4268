import type { HealthAnswer } from '../http/health.ts';

/** What a worker tells the primary over the cluster's IPC channel (besides `sticky:*`). */
export type WorkerMessage =
  | { readonly type: 'percent:ready'; readonly restoredRooms: number }
  | { readonly type: 'percent:failed'; readonly message: string }
  | HealthReply;

/** The primary asks a worker what its `/healthz` would answer (`launch/health.ts`). */
export interface HealthRequest {
  readonly type: 'percent:health?';
  readonly id: number;
}

/** A worker's answer to a `HealthRequest` with the same id. */
export interface HealthReply extends HealthAnswer {
  readonly type: 'percent:health';
  readonly id: number;
}

export function isHealthRequest(message: unknown): message is HealthRequest {
  if (typeof message !== 'object' || message === null) return false;
  const { type, id } = message as Partial<HealthRequest>;
  return type === 'percent:health?' && typeof id === 'number';
}

export function isHealthReply(message: unknown): message is HealthReply {
  if (typeof message !== 'object' || message === null) return false;
  const { type, id, status, body } = message as Partial<HealthReply>;
  return (
    type === 'percent:health' &&
    typeof id === 'number' &&
    (status === 200 || status === 503) &&
    typeof body === 'object' &&
    body !== null
  );
}

/**
 * A worker started (`owned`) or stopped running a room: the primary sends a new connection that
 * names the room (`?room=CODE`, docs/PROTOCOL.md) to that worker (`room-routes.ts`).
 */
export interface RoomOwnedMessage {
  readonly type: 'percent:room';
  readonly code: string;
  readonly owned: boolean;
}

export function isRoomOwnedMessage(message: unknown): message is RoomOwnedMessage {
  if (typeof message !== 'object' || message === null) return false;
  const { type, code, owned } = message as Partial<RoomOwnedMessage>;
  return type === 'percent:room' && typeof code === 'string' && typeof owned === 'boolean';
}

/** Tells the primary, best effort (a lost message only costs a forwarded command). */
export function tellRoomOwned(code: string, owned: boolean): void {
  const message: RoomOwnedMessage = { type: 'percent:room', code, owned };
  if (process.connected) process.send?.(message, undefined, {}, () => undefined);
}

/** What the primary tells a worker: close the server and exit (as SIGTERM would). */
export const STOP_MESSAGE = { type: 'percent:stop' } as const;

export function isStopMessage(message: unknown): boolean {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { type?: unknown }).type === STOP_MESSAGE.type
  );
}

export function isWorkerMessage(message: unknown): message is WorkerMessage {
  if (typeof message !== 'object' || message === null) return false;
  const type = (message as { type?: unknown }).type;
  return type === 'percent:ready' || type === 'percent:failed';
}

/** Sends to the primary; a primary already gone is not an error (the worker is stopping). */
export function tellPrimary(message: WorkerMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) resolve();
    else process.send(message, undefined, {}, () => resolve());
  });
}
