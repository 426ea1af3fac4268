// Renews this node's leases and writes its heartbeat from a worker thread, with a Redis
// connection of its own: a main thread busy for seconds (a burst of reconnections, a long GC)
// keeps its rooms, while a process that is stopped or dead (every thread) loses them. Plain
// JavaScript, so that Node starts it as it is under tsx and vitest alike.
import { parentPort, workerData } from 'node:worker_threads';
import { Redis } from 'ioredis';

const { url, leaseMs, renewMs, renewScript, leaseKeyPrefix, nodeKey } = workerData;
const leases = new Map(); // code → token
const shared = new Float64Array(workerData.lastRenewed); // [0]: when the last renewal was sent
const redis = new Redis(url, {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  retryStrategy: (attempt) => Math.min(100 * attempt, 2000),
  connectionName: 'percent-leases',
});
redis.defineCommand('percentRenew', { lua: renewScript });
let failing = false;
redis.on('error', (error) => {
  if (!failing) parentPort.postMessage({ type: 'failed', message: error.message });
  failing = true;
});

async function renew() {
  const sentAt = Date.now();
  const codes = [...leases.keys()];
  const keys = codes.map((code) => `${leaseKeyPrefix}{${code}}:lease`);
  // Both at once, both awaited: a rejection left unawaited would end this thread.
  const [held] = await Promise.all([
    codes.length
      ? redis.percentRenew(keys.length, ...keys, leaseMs, ...codes.map((c) => leases.get(c)))
      : Promise.resolve([]),
    redis.set(nodeKey, JSON.stringify({ at: sentAt, final: false }), 'EX', 86400),
  ]);
  const lost = codes
    .map((code, i) => [code, held[i] === 1 ? null : leases.get(code)])
    .filter(([, token]) => token);
  for (const [code, token] of lost) if (leases.get(code) === token) leases.delete(code);
  shared[0] = sentAt;
  if (failing) parentPort.postMessage({ type: 'recovered' });
  failing = false;
  if (lost.length > 0) parentPort.postMessage({ type: 'lost', leases: lost });
}

let timer;
const loop = () => {
  timer = setTimeout(() => {
    renew()
      .catch((error) => {
        if (!failing) parentPort.postMessage({ type: 'failed', message: error.message });
        failing = true;
      })
      .finally(loop);
  }, renewMs);
};
loop();

parentPort.on('message', (message) => {
  if (message.type === 'hold') leases.set(message.code, message.token);
  else if (message.type === 'drop') leases.delete(message.code);
  else if (message.type === 'stop') {
    clearTimeout(timer);
    redis.disconnect();
    parentPort.close();
  }
});
