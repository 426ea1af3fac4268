import { describe, expect, it } from 'vitest';
import { apply, digitAt, moveCmd, racing, wrongAt } from '../../test-support/rooms.ts';
import { KeyedLog, SharedLog } from './shared-log.ts';

describe('SharedLog', () => {
  it('appends without changing the version it was appended to', () => {
    const empty = SharedLog.of<string>();
    const one = empty.append('a');
    const two = one.append('b');
    expect([...empty]).toEqual([]);
    expect([...one]).toEqual(['a']);
    expect([...two]).toEqual(['a', 'b']);
    expect([one.length, two.length]).toEqual([1, 2]);
    expect(two.at(-1)).toBe('b');
    expect(one.at(1)).toBeUndefined();
    expect(JSON.stringify({ log: two })).toBe('{"log":["a","b"]}');
  });

  it('branches from an older version without the newer version’s items', () => {
    const one = SharedLog.of(['a']);
    const dropped = one.append('x');
    const kept = one.append('b');
    expect([...kept]).toEqual(['a', 'b']);
    expect([...dropped]).toEqual(['a', 'x']);
    expect(kept.append('c').toArray()).toEqual(['a', 'b', 'c']);
    expect(one.filter((item) => item !== 'a')).toEqual([]);
    expect(kept.map((item, i) => `${i}${item}`)).toEqual(['0a', '1b']);
  });
});

describe('KeyedLog', () => {
  it('finds a key only in the versions that hold it', () => {
    const empty = KeyedLog.empty<number>();
    const one = empty.add('m1', 1);
    const two = one.add('m2', 2);
    expect(empty.get('m1')).toBeUndefined();
    expect(one.get('m1')).toBe(1);
    expect(one.get('m2')).toBeUndefined();
    expect(two.get('m2')).toBe(2);
    expect([...two.values()]).toEqual([1, 2]);
    // A key again (only a replayed log could hold one): the new value, in a copy.
    const again = two.add('m1', 9);
    expect([again.get('m1'), two.get('m1')]).toEqual([9, 1]);
    expect([...again.values()]).toEqual([9, 2]);
    expect([...again.add('m3', 3).values()]).toEqual([9, 2, 3]);
  });

  it('branches from an older version: a dropped key is free again there', () => {
    const one = KeyedLog.empty<number>().add('m1', 1);
    const dropped = one.add('m2', 2);
    const kept = one.add('m2', 3);
    expect(kept.get('m2')).toBe(3);
    expect(dropped.get('m2')).toBe(2);
    expect([...kept.add('m3', 4).values()]).toEqual([1, 3, 4]);
    expect(JSON.stringify(kept)).toBe('{"m1":1,"m2":3}');
  });
});

describe('the room core on shared logs', () => {
  it('keeps a room whose next move was dropped (a failed write) free of that move', () => {
    const room = racing(['Ann', 'Bob']);
    const first = apply(room, moveCmd('p1', 0, digitAt(0), 'a1'), 5000).room;
    // The runner reduces a move, its write fails, and it keeps `first`.
    apply(first, moveCmd('p1', 1, wrongAt(1), 'lost'), 5100);
    const next = apply(first, moveCmd('p1', 1, digitAt(1), 'a2'), 5200).room;
    expect(next.race!.moves.map((m) => m.moveId)).toEqual(['a1', 'a2']);
    expect(next.race!.runners[0]!.mistakes).toBe(0);
    // The dropped move's id was never acknowledged: it is a new move, not a duplicate.
    const again = apply(next, moveCmd('p1', 2, digitAt(2), 'lost'), 5300);
    expect(again.reply.duplicate).toBe(false);
    expect(first.race!.moves.map((m) => m.moveId)).toEqual(['a1']);
  });
});
