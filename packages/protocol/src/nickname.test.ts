import { describe, expect, it } from 'vitest';
import { checkPayload, NicknameSchema } from './schemas.ts';

const parse = (name: string) => NicknameSchema.safeParse(name);

describe('nicknames', () => {
  it('keeps what people type, normalised to NFC and trimmed', () => {
    expect(parse('  Ann  ').data).toBe('Ann');
    expect(parse('Zoe\u0301').data).toBe('Zoé'); // e + combining acute → é
    expect(parse('小 明').data).toBe('小 明');
    expect(parse('A   B').data).toBe('A B');
  });

  it('strips invisible fillers, controls and line breaks; nothing visible left is refused', () => {
    expect(parse('Ann\u3164').data).toBe('Ann');
    expect(parse('\u2800Bob\u200B').data).toBe('Bob');
    expect(parse('Cy\u2028d').data).toBe('Cyd');
    for (const blank of ['\u3164', '\u2800\u2800', '\u200B', '\u115F\u1160', '\uFFA0']) {
      expect(checkPayload('room:join', NicknameSchema, blank)).toMatchObject({
        ok: false,
        error: { message: 'room:join: payload: a nickname needs at least one visible character' },
      });
    }
  });

  it('refuses broken text (a lone surrogate half)', () => {
    expect(parse('Ann\uD800').success).toBe(false);
    expect(parse('\uDC00Bob').success).toBe(false);
    expect(parse('Ann 😀').data).toBe('Ann 😀');
  });

  it('refuses names that pass for the host, in any case, script or width', () => {
    for (const fake of ['Host', 'HOST', 'h o s t', 'Ноst', 'нοѕт', 'Ｈｏｓｔ', 'host!', '主持人']) {
      expect(parse(fake).error?.issues[0]?.message, fake).toBe(
        'a nickname cannot pass for the host',
      );
    }
    expect(parse('Hostess').success).toBe(true);
    expect(parse('Ghost').success).toBe(true);
  });
});
