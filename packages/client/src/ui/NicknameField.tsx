import type { Signal } from '@preact/signals';
import { t } from '../i18n/index.ts';

/**
 * The nickname input of the home page and of a room's entry form, bound to `nickname`. At most
 * 20 characters: the protocol's limit (NicknameSchema), so the server never refuses a typed name
 * for its length.
 */
export function NicknameField({
  nickname,
  required = false,
}: {
  nickname: Signal<string>;
  required?: boolean;
}) {
  return (
    <label>
      {t('home.nickname')}
      <input
        name="nickname"
        value={nickname.value}
        maxLength={20}
        autoComplete="nickname"
        required={required}
        onInput={(e) => (nickname.value = e.currentTarget.value)}
      />
    </label>
  );
}
