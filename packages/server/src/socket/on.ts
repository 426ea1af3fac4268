import {
  ACK_SCHEMAS,
  checkPayload,
  ErrorCode,
  fail,
  type ClientEventName,
  type Result,
} from '@percent/protocol';
import { checkSent } from '../contract.ts';
import { createLogger } from '../log.ts';
import { UnavailableError } from '../runner/room-log.ts';
import type { PercentSocket } from './types.ts';

const log = createLogger('socket');

export type Reply = Result | Promise<Result>;

export const notInRoom = fail(ErrorCode.notInRoom, 'join a room first');

/**
 * Registers a handler that sees only payloads its schema accepts. Exactly one reply goes to
 * the acknowledgement: the handler's result, BAD_PAYLOAD naming event and field, or INTERNAL.
 * The payload is the first argument; the acknowledgement is the last, when it is a function.
 */
export function on<S extends Parameters<typeof checkPayload>[1], T>(
  socket: PercentSocket,
  event: ClientEventName,
  schema: S & { parse(input: unknown): T },
  handler: (payload: T) => Reply,
): void {
  socket.on(event, (...args: unknown[]) => {
    const last = args.at(-1);
    const sendAck = typeof last === 'function' ? (last as (reply: Result) => void) : undefined;
    const ack =
      sendAck &&
      ((reply: Result) => {
        checkSent(`ack ${event}`, ACK_SCHEMAS[event], reply);
        sendAck(reply);
      });
    const payload = ack && args.length === 1 ? undefined : args[0];
    const checked = checkPayload(event, schema, payload);
    if (!checked.ok) {
      ack?.({ ok: false, error: checked.error });
      return;
    }
    Promise.resolve()
      .then(() => handler(checked.data as T))
      .then(
        (reply) => ack?.(reply),
        (error: unknown) => {
          if (error instanceof UnavailableError) {
            ack?.(fail(ErrorCode.roomUnavailable, `${event}: ${error.message}; try again`));
            return;
          }
          log.error({ err: error, event }, 'handler failed');
          ack?.(fail(ErrorCode.internal, `${event}: internal error`));
        },
      );
  });
}
