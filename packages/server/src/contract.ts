/**
 * The contract check: every payload the server sends — acknowledgements, `room:state`,
 * `race:progress`, `session:ended` and every `/api` answer — parsed with its protocol schema
 * on its way out, and compared with what the schema keeps, so that a missing, mistyped or
 * undocumented field is caught where it is made. Off unless `PERCENT_CONTRACT=strict` (one parse
 * per payload is a cost production need not pay): the test suites switch it on for every
 * server they start, in this process or a child, and fail a test on the first violation
 * (test/support/contract.ts). A violation is logged, kept in memory and, when
 * `PERCENT_CONTRACT_LOG` names a file, appended to it as a JSON line (how a child server tells
 * the test process); the payload is still sent.
 */
import { appendFileSync } from 'node:fs';
import { EVENT_SCHEMAS } from '@percent/protocol';
import type { z } from 'zod';
import { createLogger } from './log.ts';
import type { RoomTransport } from './runner/transport.ts';

const log = createLogger('contract');

export interface Violation {
  /** What was sent: an event (`room:state`), an acknowledgement (`ack race:move`), a route. */
  readonly what: string;
  /** The first problem: the field's path and what is wrong with it. */
  readonly problem: string;
}

const seen: Violation[] = [];

export const contractChecked = (): boolean => process.env['PERCENT_CONTRACT'] === 'strict';

/** Checks `payload` against `schema` when the check is on; a violation is recorded, never thrown. */
export function checkSent(what: string, schema: z.ZodType, payload: unknown): void {
  if (!contractChecked()) return;
  const problem = problemOf(schema, payload);
  if (problem === null) return;
  const violation = { what, problem };
  seen.push(violation);
  log.error(violation, 'payload breaks the protocol');
  const file = process.env['PERCENT_CONTRACT_LOG'];
  if (file) appendFileSync(file, `${JSON.stringify(violation)}\n`);
}

/** The violations recorded in this process since the last call (and forgets them). */
export function takeViolations(): Violation[] {
  return seen.splice(0, seen.length);
}

function problemOf(schema: z.ZodType, payload: unknown): string | null {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return `${issue?.path.join('.') || 'payload'}: ${issue?.message ?? 'invalid'}`;
  }
  const extra = undocumented(payload, parsed.data, '');
  return extra === null ? null : `${extra}: not in the protocol's schema`;
}

/** The path of the first key the payload has and the parsed value dropped, or null. */
function undocumented(sent: unknown, kept: unknown, path: string): string | null {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    for (let i = 0; i < sent.length; i++) {
      const found = undocumented(sent[i], kept[i], `${path}${path ? '.' : ''}${i}`);
      if (found !== null) return found;
    }
    return null;
  }
  if (!isRecord(sent) || !isRecord(kept)) return null;
  for (const key of Object.keys(sent)) {
    const at = `${path}${path ? '.' : ''}${key}`;
    if (sent[key] !== undefined && !(key in kept)) return at;
    const found = undocumented(sent[key], kept[key], at);
    if (found !== null) return found;
  }
  return null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** `transport` with every event it carries checked first (what a room's runner sends). */
export function checkedTransport(transport: RoomTransport): RoomTransport {
  if (!contractChecked()) return transport;
  return {
    send(connectionId, event, payload) {
      checkSent(event, EVENT_SCHEMAS[event], payload);
      transport.send(connectionId, event, payload);
    },
    sendAll(connectionIds, event, payload) {
      checkSent(event, EVENT_SCHEMAS[event], payload);
      transport.sendAll(connectionIds, event, payload);
    },
    endSession(connectionId, event) {
      checkSent('session:ended', EVENT_SCHEMAS['session:ended'], event);
      transport.endSession(connectionId, event);
    },
  };
}
