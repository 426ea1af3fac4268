/** A request's error in the reader's language, by its code (the server's message is English). */
import { hasMessage, t } from '../i18n/index.ts';
import type { NetError } from '../net/connection.ts';

export function errorText(error: NetError): string {
  const key = `room.error.${error.code}`;
  return hasMessage(key) ? t(key) : `${t('room.error.generic')} (${error.code})`;
}
