import { pino, type Logger } from 'pino';

/**
 * The server's loggers: JSON lines on stdout, one child per component. `LOG_LEVEL` sets the
 * level (default `info`); under vitest the default is `silent` so tests print only failures.
 */
const root: Logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.VITEST ? 'silent' : 'info'),
});

export function createLogger(component: string): Logger {
  return root.child({ component });
}

export type { Logger };
