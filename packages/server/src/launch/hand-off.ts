import type { Worker } from 'node:cluster';
import { Socket } from 'node:net';

/**
 * `@socket.io/sticky` hands a connection to a worker with `worker.send(message, socket)`. Node
 * closes the primary's copy of the socket only when the worker has acknowledged it, and until
 * then the primary's handle keeps reading, with what it reads thrown away (nodejs/node#8353):
 * a WebSocket frame a client sends right after the worker's 101 response (its Socket.IO
 * CONNECT) is lost now and then, and that client hangs. Stopping the primary's reads before the
 * hand-off leaves every later byte in the kernel for the worker. `_handle.readStop()` is the
 * remedy Node's maintainers point to there; it is not public API, so its absence is tolerated.
 */
export function stopReadingOnHandOff(worker: Worker): void {
  const send = worker.send as (...args: unknown[]) => boolean;
  worker.send = function (this: Worker, ...args: unknown[]): boolean {
    const handle = args[1];
    if (handle instanceof Socket) stopReading(handle);
    return send.apply(this, args);
  } as Worker['send'];
}

function stopReading(socket: Socket): void {
  const handle = (socket as unknown as { _handle?: { readStop?: () => number } })._handle;
  handle?.readStop?.();
}
