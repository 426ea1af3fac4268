import type { Logger } from 'pino';

export interface Loop {
  readonly name: string;
  readonly ms: number;
  run(): Promise<void>;
}

export interface Loops {
  stop(): void;
}

/**
 * Runs each loop every `ms` (with up to 20% jitter, so nodes do not sweep in step), never two
 * runs of one loop at once. A failed run is logged (once per failure streak) and tried again
 * next time: a Redis outage never stops a loop.
 */
export function everyInterval(log: Logger, loops: readonly Loop[]): Loops {
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;
  for (const loop of loops) {
    let failing = false;
    const tick = async () => {
      try {
        await loop.run();
        if (failing) log.info({ loop: loop.name }, 'cluster loop recovered');
        failing = false;
      } catch (error) {
        if (!failing) log.warn({ err: error, loop: loop.name }, 'cluster loop failed');
        failing = true;
      }
      if (!stopped) schedule();
    };
    const schedule = () => {
      const timer = setTimeout(() => void tick(), loop.ms * (0.9 + Math.random() * 0.2));
      timer.unref();
      timers[loops.indexOf(loop)] = timer;
    };
    schedule();
  }
  return {
    stop: () => {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
    },
  };
}
