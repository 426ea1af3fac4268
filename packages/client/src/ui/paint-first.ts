/**
 * The player's own input is painted before anything the network brings. A key press draws its
 * digit at once; on a LAN the server's reply arrives a few milliseconds later, usually before
 * the next frame, and drawing it (the verdict, the progress bars, an announcement) in the
 * same frame would make the digit's frame late. So after an input, work handed to
 * `afterInputPaint` waits until that frame is painted: the task a `setTimeout(0)` queues from
 * the next animation frame runs after its style, layout and paint (bench/latency.ts). A
 * hidden page gets no animation frames: a timer flushes the queue anyway.
 */

/** Longest a queued update waits, ms: a hidden tab's animation frames never come. */
const MAX_WAIT_MS = 50;

let waiting = false;
/** Which input the timers belong to: an older input's fallback timer must not flush a newer one's wait. */
let generation = 0;
const queue: (() => void)[] = [];

/** An input changed what the player sees: hold network updates until it is painted. */
export function inputDrawn(): void {
  if (waiting) return;
  waiting = true;
  const mine = ++generation;
  const flushMine = () => {
    if (mine === generation) flush();
  };
  requestAnimationFrame(() => setTimeout(flushMine, 0));
  setTimeout(flushMine, MAX_WAIT_MS);
}

/** Runs `update` now, or once the input just drawn is painted; updates keep their order. */
export function afterInputPaint(update: () => void): void {
  if (waiting) queue.push(update);
  else update();
}

function flush(): void {
  if (!waiting) return;
  waiting = false;
  for (const update of queue.splice(0)) update();
}
