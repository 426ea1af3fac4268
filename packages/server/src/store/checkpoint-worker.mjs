// Checkpoints the store's write-ahead log from a worker thread, with its own connection, so
// that the fsyncs of a checkpoint never block the server's event loop (the main connection
// has `wal_autocheckpoint = 0`). Plain JavaScript: it needs no TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { file, intervalMs } = workerData;
const db = new Database(file, { fileMustExist: true, timeout: 0 });

// PASSIVE never waits for readers or writers; what it cannot copy now it copies next time.
const checkpoint = () => db.pragma('wal_checkpoint(PASSIVE)');
const timer = setInterval(checkpoint, intervalMs);

parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
