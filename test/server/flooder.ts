/**
 * Flooders, in a process of their own (so their work does not slow the measuring client): each
 * socket fires events without waiting for answers until the server cuts it off, then connects
 * again at once — for `ms` milliseconds. Usage: `node --import tsx flooder.ts URL COUNT MS`.
 */
import { PROTOCOL_VERSION } from '@percent/protocol';
import { io } from 'socket.io-client';

const [url, count, ms] = [process.argv[2]!, Number(process.argv[3]), Number(process.argv[4])];
const until = Date.now() + ms;
let connections = 0;

async function flood(): Promise<void> {
  while (Date.now() < until) {
    const socket = io(url, {
      auth: { protocol: PROTOCOL_VERSION },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    await new Promise<void>((resolve) => {
      const fire = () => {
        for (let i = 0; i < 50 && socket.connected; i++) socket.emit('room:sync', {});
        if (socket.connected && Date.now() < until) setImmediate(fire);
      };
      socket.once('connect', () => {
        connections++;
        fire();
      });
      socket.once('disconnect', () => resolve());
      socket.once('connect_error', () => resolve());
      setTimeout(
        () => {
          socket.disconnect();
          resolve();
        },
        until - Date.now() + 100,
      );
    });
    socket.disconnect();
  }
}

await Promise.all(Array.from({ length: count }, () => flood()));
process.stdout.write(`${JSON.stringify({ connections })}\n`);
process.exit(0);
