import { ErrorCode } from '@percent/protocol';
import { endIfDone } from './race.ts';
import { failure, success } from './room.ts';
import type { Command, MoveAck, Outcome, Race, Room, RoomEvent, Runner } from './types.ts';

type MoveCommand = Extract<Command, { type: 'move' }>;

/**
 * Judges one move against the solution. A correct digit is placed; a wrong one is not (it
 * costs a mistake, and under `eliminate` the (allowed+1)-th mistake ends the player's race);
 * digit 0 clears. A move id seen before answers as before and changes nothing.
 */
export function move(room: Room, command: MoveCommand, now: number): Outcome {
  const race = room.race;
  const runner = race?.runners.find((r) => r.playerId === command.playerId);
  if (!race || !runner) {
    if (room.seats.some((seat) => seat.id === command.playerId) && room.phase !== 'lobby') {
      return failure(ErrorCode.notRacing, 'you joined after this race started');
    }
    return failure(
      room.phase === 'lobby' ? ErrorCode.wrongPhase : ErrorCode.notInRoom,
      'no race to play',
    );
  }
  const seen = runner.acks[command.moveId];
  if (seen) {
    if (seen.cell !== command.cell || seen.digit !== command.digit) {
      return failure(ErrorCode.moveIdReused, `move id ${command.moveId} was used for another move`);
    }
    return success(room, []);
  }
  if (room.phase !== 'racing') return failure(ErrorCode.wrongPhase, `the race is ${room.phase}`);
  if (runner.status !== 'racing') return failure(ErrorCode.notRacing, `you have ${runner.status}`);
  if (race.puzzle[command.cell] !== '0') {
    return failure(ErrorCode.givenCell, `cell ${command.cell} is a given`);
  }
  const next = judge(race, runner, command, now);
  const runners = race.runners.map((r) => (r.playerId === runner.playerId ? next : r));
  const moves = [
    ...race.moves,
    { playerId: runner.playerId, at: now, ...next.acks[command.moveId]! },
  ];
  const events: RoomEvent[] = [{ type: 'progress', playerId: runner.playerId }];
  if (next.status !== runner.status) events.push({ type: 'changed' });
  return endIfDone({ ...room, race: { ...race, runners, moves } }, now, events);
}

function judge(race: Race, runner: Runner, command: MoveCommand, now: number): Runner {
  const { cell, digit, moveId } = command;
  const expected = Number(race.solution[cell]);
  const verdict: MoveAck['verdict'] =
    digit === 0 ? 'cleared' : digit === expected ? 'correct' : 'wrong';
  const acks = { ...runner.acks, [moveId]: { cell, digit, verdict } };
  if (verdict === 'wrong') {
    const mistakes = runner.mistakes + 1;
    const rule = race.rules.mistakes;
    const eliminated = rule.kind === 'eliminate' && mistakes > rule.allowed;
    return { ...runner, mistakes, acks, status: eliminated ? 'eliminated' : runner.status };
  }
  const board = place(runner.board, cell, verdict === 'cleared' ? '0' : String(digit));
  const full = board === race.solution;
  return {
    ...runner,
    board,
    acks,
    status: full ? 'finished' : runner.status,
    finishedAt: full ? now : runner.finishedAt,
  };
}

const place = (board: string, cell: number, ch: string): string =>
  board.slice(0, cell) + ch + board.slice(cell + 1);
