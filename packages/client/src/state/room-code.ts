/**
 * Room codes as typed by people. The alphabet is the protocol's (`ROOM_CODE_ALPHABET`, checked
 * equal by code.test.ts) but written out here: importing a value from the protocol's schema
 * module would pull zod into the browser bundle.
 */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 5;

const CODE_PATTERN = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);

/** The canonical room code from what a person typed (case, spaces, a pasted link), or undefined. */
export function codeFrom(text: string): string | undefined {
  const last = text.trim().replace(/\/+$/, '').split('/').pop() ?? '';
  const code = last.replace(/\s+/g, '').toUpperCase();
  return CODE_PATTERN.test(code) ? code : undefined;
}
