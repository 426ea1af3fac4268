import type { ClientToServerEvents, ServerToClientEvents } from '@percent/protocol';
import type { Server, Socket } from 'socket.io';
import type { Logger } from '../log.ts';
import type { RoomDirectory } from '../runner/directory.ts';
import type { HistoryReader } from '../store/history.ts';
import type { Quotas } from '../quotas.ts';
import type { DeviceKeys } from '../devices.ts';
import type { TokenBucket } from './rate-limit.ts';

/** What the server keeps on each connection. */
export interface SocketData {
  /** The room this connection's room events go to (it is, or is becoming, a member), or null. */
  code: string | null;
  bucket: TokenBucket;
  /** The client's address, as the quotas count it (`quotas.ts`). */
  address: string;
}

export type PercentServer = Server<ClientToServerEvents, ServerToClientEvents, object, SocketData>;
export type PercentSocket = Socket<ClientToServerEvents, ServerToClientEvents, object, SocketData>;

/** What the event handlers work with. */
export interface HandlerDeps {
  readonly rooms: RoomDirectory;
  readonly history: HistoryReader;
  readonly log: Logger;
  readonly quotas: Quotas;
  readonly devices: DeviceKeys;
}
