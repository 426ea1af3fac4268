/**
 * Chinese typesetting: a space between a Han character and a Latin letter or digit ("最后 R4C5",
 * "R3C4 和 R3C5"), none next to full-width punctuation. A no-op on English. Applied to sentences
 * built from catalogue pieces and cell names (hints, debriefs), whose joins the catalogue
 * cannot space itself.
 */
export const cjkSpacing = (text: string): string =>
  text
    .replace(/(\p{Script=Han})([A-Za-z0-9])/gu, '$1 $2')
    .replace(/([A-Za-z0-9])(\p{Script=Han})/gu, '$1 $2');
