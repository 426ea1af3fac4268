/**
 * One generator process of `pnpm loadtest --generators N`: runs the rooms the run gives it
 * (`GeneratorPool` in generators.ts), on the same code as the in-process players (`pool.ts`),
 * and answers over the IPC channel. Messages in: `open`, `race`, `dead`, `outcomes`; out: the
 * same types once done (`race` with the process's CPU and event-loop delay), or `error`.
 */
import { encodeRoom } from './outcome.ts';
import { openRooms, outcomesOf, raceRooms, type PoolPlan } from './pool.ts';
import type { ReplayPlan } from './replay.ts';
import type { MoveMix, SimRoom } from './room.ts';

export type ToGenerator =
  | { readonly type: 'open'; readonly plan: PoolPlan; readonly indices: readonly number[] }
  | {
      readonly type: 'race';
      readonly durationMs: number;
      readonly mix: MoveMix;
      readonly replay?: ReplayPlan;
    }
  | { readonly type: 'dead'; readonly node: number }
  | { readonly type: 'outcomes' };

const rooms: SimRoom[] = [];
const dead = new Set<number>();
const reply = (message: object): void => void process.send?.(message);

process.on('message', (message: ToGenerator) => {
  void handle(message).catch((error: unknown) =>
    reply({ type: 'error', message: error instanceof Error ? error.message : String(error) }),
  );
});
// The run is over (or the orchestrator died): close every socket and go.
process.on('disconnect', () => {
  for (const room of rooms) room.close();
  process.exit(0);
});

async function handle(message: ToGenerator): Promise<void> {
  switch (message.type) {
    case 'open':
      await openRooms(message.plan, message.indices, dead, rooms);
      return reply({ type: 'open' });
    case 'race':
      return reply({
        type: 'race',
        cost: await raceRooms(rooms, message.durationMs, message.mix, message.replay),
      });
    case 'dead':
      dead.add(message.node);
      return;
    case 'outcomes':
      return reply({ type: 'outcomes', rooms: (await outcomesOf(rooms)).map(encodeRoom) });
  }
}
