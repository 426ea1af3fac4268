import { describe, expect, it } from 'vitest';
import { roomOfPath } from './connection.ts';

describe('the room a page connects for', () => {
  it('is the code of a join link, in upper case, and nothing elsewhere', () => {
    expect(roomOfPath('/r/ABCDE')).toBe('ABCDE');
    expect(roomOfPath('/r/abcde/')).toBe('ABCDE');
    expect(roomOfPath('/r/ABCD')).toBeUndefined();
    expect(roomOfPath('/r/ABCDEF')).toBeUndefined();
    expect(roomOfPath('/race/ABCDE')).toBeUndefined();
    expect(roomOfPath('/')).toBeUndefined();
  });
});
