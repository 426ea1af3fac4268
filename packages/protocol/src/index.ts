/**
 * The wire contract shared by client and server. Every reply is a result value, never a
 * thrown error. The events and their schemas arrive with the race server (see docs/PROTOCOL.md).
 */

/** Bumped on every incompatible change; checked when a socket connects. */
export const PROTOCOL_VERSION = 1;

export const ErrorCode = {
  /** The payload failed its schema; the message names the event and the field. */
  badPayload: 'BAD_PAYLOAD',
  /** The client speaks another protocol version. */
  versionMismatch: 'VERSION_MISMATCH',
  /** Too many events from one socket in a short time. */
  rateLimited: 'RATE_LIMITED',
} as const;
export type ErrorCodeName = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface WireError {
  readonly code: ErrorCodeName;
  readonly message: string;
}

/** Every acknowledgement: success with its fields, or an error value. */
export type Result<T extends object = object> =
  ({ readonly ok: true } & T) | { readonly ok: false; readonly error: WireError };

export const ok = <T extends object>(value: T): Result<T> => ({ ok: true, ...value });
export const fail = (code: ErrorCodeName, message: string): Result<never> => ({
  ok: false,
  error: { code, message },
});
