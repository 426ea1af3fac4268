import { teamProgressOf } from './teams.ts';
import { countsAsMistake, ErrorCode, judgeMove, type MoveReply } from '@percent/protocol';
import { progressOf } from './progress.ts';
import { endIfDone } from './race.ts';
import { idleTimerAfterMove } from './idle-timers.ts';
import { tooFast } from './plausible.ts';
import { moveRefusal } from './permissions.ts';
import type { MoveRecord } from './records.ts';
import { failure, seatHeldBy, STATE, success } from './room.ts';
import type { CommandOf, Effect, MoveAck, Race, Room, Runner, Transition } from './types.ts';

/**
 * Judges one move against the solution. A correct digit is placed; a wrong one is not (it
 * costs a mistake, and under `eliminate` the (allowed+1)-th mistake ends the player's race);
 * digit 0 clears. The judged move is appended to the store's log before it is acknowledged.
 * A move id seen before answers as before and changes nothing. One slip is one mistake: the
 * same wrong digit in the same cell again (an undo and a redo) is answered as a duplicate of
 * the first — wrong, nothing stored, no mistake added — so results, ratings, the replay and
 * the debrief all see it once.
 */
export function move(room: Room, command: CommandOf<'move'>, now: number): Transition<MoveReply> {
  const seat = seatHeldBy(room, command.connectionId);
  if (!seat) return failure(ErrorCode.notInRoom, 'you have no seat in this room');
  const race = room.race;
  const runner = race?.runners.find((r) => r.playerId === seat.id);
  if (!race || !runner) {
    return room.phase === 'lobby'
      ? failure(ErrorCode.wrongPhase, 'no race to play')
      : failure(
          ErrorCode.notRacing,
          'you are not in this race (you sat it out or joined after it started)',
        );
  }
  const seen = runner.acks.get(command.moveId);
  if (seen) {
    if (seen.cell !== command.cell || seen.digit !== command.digit) {
      return failure(ErrorCode.moveIdReused, `move id ${command.moveId} was used for another move`);
    }
    return success(room, replyOf(race, runner, command.moveId, seen, true));
  }
  const refusal = moveRefusal(room, seat);
  if (refusal) return refusal;
  if (race.puzzle[command.cell] !== '0') {
    return failure(ErrorCode.givenCell, `cell ${command.cell} is a given`);
  }
  const { moveId, cell, digit } = command;
  const verdict = judgeMove(race.solution, cell, digit);
  if (verdict === 'wrong' && !countsAsMistake(runner.acks.values(), { cell, digit, verdict })) {
    return success(room, replyOf(race, runner, moveId, { cell, digit, verdict }, true));
  }
  const record: MoveRecord = { playerId: seat.id, moveId, at: now, cell, digit, verdict };
  const next = recordMove(race, record);
  const after = next.runners.find((r) => r.playerId === seat.id)!;
  const effects: Effect[] = [
    { type: 'persistMove', raceId: race.id, seq: race.moves.length, move: record },
    { type: 'progress', playerId: seat.id },
    ...idleTimerAfterMove(next, seat.id),
  ];
  if (after.status !== runner.status) effects.push(STATE);
  const reply = replyOf(next, after, moveId, after.acks.get(moveId)!, false);
  return endIfDone({ ...room, race: next }, now, effects, reply);
}

function replyOf(race: Race, runner: Runner, moveId: string, ack: MoveAck, duplicate: boolean) {
  const progress = progressOf(race, runner);
  const team = runner.team === null ? null : teamProgressOf(race, runner.team);
  return { moveId, ...ack, status: runner.status, progress, team, duplicate };
}

/**
 * The race after a judged move: its player's board, mistakes and status, the move's ack and
 * its place in the log. The same function replays the log after a restart, so a restored
 * race is exactly the one that was acknowledged.
 */
export function recordMove(race: Race, record: MoveRecord): Race {
  const moves = race.moves.append(record);
  const runners = race.runners.map((runner) =>
    runner.playerId === record.playerId ? applyTo(race, moves, runner, record) : runner,
  );
  return { ...race, runners, moves };
}

/** `before` after its move `record`; `moves` is the race's log with it. */
function applyTo(race: Race, moves: Race['moves'], before: Runner, record: MoveRecord): Runner {
  const { cell, digit, verdict, moveId } = record;
  const acks = before.acks.add(moveId, { cell, digit, verdict });
  const runner = { ...before, activeAt: record.at };
  if (verdict === 'wrong') {
    const mistakes = runner.mistakes + 1;
    const rule = race.rules.mistakes;
    const eliminated = rule.kind === 'eliminate' && mistakes > rule.allowed;
    return { ...runner, mistakes, acks, status: eliminated ? 'eliminated' : runner.status };
  }
  const board = place(runner.board, cell, verdict === 'cleared' ? '0' : String(digit));
  const full = board === race.solution;
  if (!full) return { ...runner, board, acks };
  // Judged once, at the finish, from the moves that made it (this one included).
  const finished: Runner = { ...runner, board, acks, status: 'finished', finishedAt: record.at };
  return {
    ...finished,
    tooFast: tooFast({ moves }, finished, race.floorMs),
  };
}

/** A move already reflected in a snapshot's boards: only its ack and its place in the log. */
export function noteMove(race: Race, record: MoveRecord): Race {
  const { cell, digit, verdict } = record;
  const runners = race.runners.map((runner) =>
    runner.playerId === record.playerId
      ? { ...runner, acks: runner.acks.add(record.moveId, { cell, digit, verdict }) }
      : runner,
  );
  return { ...race, runners, moves: race.moves.append(record) };
}

const place = (board: string, cell: number, ch: string): string =>
  board.slice(0, cell) + ch + board.slice(cell + 1);
