import { PROTOCOL_VERSION } from '@percent/protocol';

/** What `/healthz` answers: 200 with `ok: true`, or 503 with `ok: false`. */
export interface HealthAnswer {
  readonly status: 200 | 503;
  readonly body: Readonly<Record<string, unknown>>;
}

/**
 * The `/healthz` answer from a service's live figures: the protocol version and uptime first,
 * then the figures. A service that cannot keep its promises (its store cannot write) says
 * `ok: false`, and the answer is 503.
 */
export function healthAnswer(
  figures: Readonly<Record<string, unknown>>,
  startedAt: number,
  now = Date.now(),
): HealthAnswer {
  const ok = figures['ok'] !== false;
  return {
    status: ok ? 200 : 503,
    body: { protocol: PROTOCOL_VERSION, uptimeMs: now - startedAt, ...figures, ok },
  };
}
