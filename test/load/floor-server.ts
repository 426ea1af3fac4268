/**
 * The floor of `pnpm bench --sections server-cost`: a bare Socket.IO server that does for a
 * move only what any real-time game server must — acknowledge it and tell the room's other
 * members — with no judging, no storage and no rules. Same Socket.IO version and options as
 * the race server (packages/server/src/socket/server.ts), same event names and payloads of the
 * same size, so the difference between the two is what Percent adds per move.
 *
 *   floor:join { room }                     → joins the Socket.IO room; ack { ok: true }
 *   race:move  { moveId, cell, digit }      → ack { ok: true, …a MoveReply's fields }, then
 *                                             race:progress to the room's other members
 *
 * Started like the race server (test/load/server-process.ts): PORT and HOST from the
 * environment, `GET /healthz` answers once it listens, SIGTERM stops it.
 */
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const http = createServer((request, response) => {
  if (request.url === '/healthz') {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"ok":true}');
    return;
  }
  response.writeHead(404);
  response.end();
});

const io = new Server(http, {
  maxHttpBufferSize: 8 * 1024,
  serveClient: false,
  pingInterval: 10_000,
  pingTimeout: 10_000,
});

interface MovePayload {
  readonly moveId: string;
  readonly cell: number;
  readonly digit: number;
}

type Ack = (reply: object) => void;

io.on('connection', (socket) => {
  let room = '';
  let filled = 0;
  socket.on('floor:join', (payload: { room: string }, ack: Ack) => {
    room = payload.room;
    void socket.join(room);
    ack({ ok: true });
  });
  socket.on('race:move', (move: MovePayload, ack: Ack) => {
    filled = move.digit === 0 ? Math.max(0, filled - 1) : filled + 1;
    const progress = {
      filled,
      blanks: 50,
      percent: 2 * filled,
      mistakes: 0,
      units: 0,
      penaltyMs: 0,
    };
    const verdict = move.digit === 0 ? 'cleared' : 'correct';
    ack({ ok: true, ...move, verdict, status: 'racing', progress, duplicate: false });
    socket.to(room).emit('race:progress', {
      playerId: socket.id,
      status: 'racing',
      progress,
      timeMs: null,
      place: null,
      board: null,
    });
  });
});

http.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1');
process.once('SIGTERM', () => {
  void io.close();
  http.close(() => process.exit(0));
});
