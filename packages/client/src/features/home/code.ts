import { ROOM_CODE_ALPHABET, ROOM_CODE_LENGTH } from '@percent/protocol';

const CODE_PATTERN = new RegExp(`^[${ROOM_CODE_ALPHABET}]{${ROOM_CODE_LENGTH}}$`);

/** The canonical room code from what a person typed (case, spaces, a pasted link), or undefined. */
export function codeFrom(text: string): string | undefined {
  const last = text.trim().replace(/\/+$/, '').split('/').pop() ?? '';
  const code = last.replace(/\s+/g, '').toUpperCase();
  return CODE_PATTERN.test(code) ? code : undefined;
}
