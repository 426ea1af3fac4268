// Loaded into the server process by the load test (`--import`), so that the server's
// event-loop delay and memory can be read without any code in the server: it answers
// `probe:read` over the IPC channel the load test opens, and `probe:reset` restarts the
// histogram at the start of the measured window. Plain JavaScript: it is loaded before tsx
// is, and again by every worker thread (which inherit the flags), where it does nothing.
import { isMainThread } from 'node:worker_threads';
import { monitorEventLoopDelay } from 'node:perf_hooks';

if (isMainThread && process.send !== undefined) {
  // Resolution 1 ms: the histogram's values include the resolution, so keep it small.
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  process.on('message', (message) => {
    if (message === 'probe:reset') loop.reset();
    if (message !== 'probe:read') return;
    // With --expose-gc (the fuzz test's leak check) memory is read after a full collection:
    // what is retained, not what the collector has not got round to yet.
    if (typeof globalThis.gc === 'function') globalThis.gc();
    const memory = process.memoryUsage();
    process.send({
      probe: {
        p50Ms: loop.percentile(50) / 1e6,
        p99Ms: loop.percentile(99) / 1e6,
        maxMs: loop.max / 1e6,
        rss: memory.rss,
        heapUsed: memory.heapUsed,
      },
    });
  });
  // The channel must not keep the server alive.
  process.channel?.unref();
}
