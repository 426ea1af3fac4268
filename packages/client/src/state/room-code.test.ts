import { ROOM_CODE_ALPHABET, ROOM_CODE_LENGTH, RoomCodeSchema } from '@percent/protocol';
import { describe, expect, it } from 'vitest';
import { CODE_ALPHABET, CODE_LENGTH, codeFrom } from './room-code.ts';

describe('codeFrom', () => {
  it('accepts a code however it was typed or pasted', () => {
    expect(codeFrom('kqztm')).toBe('KQZTM');
    expect(codeFrom('  KQ ZTM ')).toBe('KQZTM');
    expect(codeFrom('http://192.168.1.5:3000/r/KQZTM/')).toBe('KQZTM');
  });

  it('refuses look-alike letters and wrong lengths', () => {
    expect(codeFrom('KQZT0')).toBeUndefined();
    expect(codeFrom('ILOUA')).toBeUndefined();
    expect(codeFrom('KQZT')).toBeUndefined();
    expect(codeFrom('')).toBeUndefined();
  });

  it("reads codes exactly as the protocol's schema does", () => {
    expect(CODE_ALPHABET).toBe(ROOM_CODE_ALPHABET);
    expect(CODE_LENGTH).toBe(ROOM_CODE_LENGTH);
    for (const text of ['kqztm', 'ABCDE', 'ILOUA', 'KQZT0', 'KQZTMM'])
      expect(codeFrom(text)).toBe(RoomCodeSchema.safeParse(text).data);
  });
});
