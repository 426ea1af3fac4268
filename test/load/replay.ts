import { readFileSync } from 'node:fs';
import { RaceReplySchema, type RaceRecordView } from '@percent/protocol';

/**
 * `pnpm loadtest --replay SOURCE[,SOURCE…]`: bots that play as people played. A source is a
 * stored race (`GET /api/races/:raceId`: a URL, or a file holding that answer); each recorded
 * player becomes a script — when they moved (the race clock's `ms`) and what each move was
 * (a right digit, a slip, a clear) in which of their cells. Room r's seat s plays script s of
 * record r (mod the counts), on the room's own puzzle: the recorded cells are mapped in the
 * order the player first touched them onto the room's blanks, so bursts, pauses, slips and
 * corrections keep their rhythm and their shape.
 */
export interface ScriptMove {
  /** On the recorded race clock, ms. */
  readonly ms: number;
  /** The recorded player's n-th distinct cell (0 = the first they touched). */
  readonly slot: number;
  readonly verdict: 'correct' | 'wrong' | 'cleared';
}

/** One recorded player's moves, in the order the server judged them. */
export type Script = readonly ScriptMove[];

/** One stored race, as scripts (best player first). */
export interface RecordScripts {
  readonly raceId: string;
  readonly scripts: readonly Script[];
}

export interface ReplayPlan {
  readonly records: readonly RecordScripts[];
  /** Recorded time runs this many times faster (2: a 10-minute race in 5). */
  readonly speed: number;
}

/** The scripts of a stored race: each player's moves, cells numbered by first touch. */
export function scriptsOf(race: RaceRecordView): RecordScripts {
  const scripts = race.players.map((player) => {
    const slots = new Map<number, number>();
    return race.moves
      .filter((move) => move.playerId === player.playerId)
      .map((move) => {
        let slot = slots.get(move.cell);
        if (slot === undefined) slots.set(move.cell, (slot = slots.size));
        return { ms: move.ms, slot, verdict: move.verdict };
      });
  });
  return { raceId: race.id, scripts: scripts.filter((script) => script.length > 0) };
}

/** Reads each source (a URL or a file of `GET /api/races/:raceId`'s answer) into scripts. */
export async function loadRecords(sources: readonly string[]): Promise<RecordScripts[]> {
  const records: RecordScripts[] = [];
  for (const source of sources) {
    const text = /^https?:\/\//.test(source)
      ? await fetch(source).then((response) => response.text())
      : readFileSync(source, 'utf8');
    const parsed = RaceReplySchema.safeParse(JSON.parse(text));
    if (!parsed.success)
      throw new Error(
        `${source}: not a stored race (GET /api/races/:raceId): ${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}`,
      );
    const record = scriptsOf(parsed.data.race);
    if (record.scripts.length === 0) throw new Error(`${source}: the race has no moves`);
    records.push(record);
  }
  return records;
}

/** The script seat `seat` of room `room` plays. */
export function scriptFor(plan: ReplayPlan, room: number, seat: number): Script {
  const record = plan.records[room % plan.records.length]!;
  return record.scripts[seat % record.scripts.length]!;
}
