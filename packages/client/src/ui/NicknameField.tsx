import type { Signal } from '@preact/signals';
import { t } from '../i18n/index.ts';
import { useFocusOnMount } from './focus.ts';

/**
 * The nickname input of the home page and of a room's entry form, bound to `nickname`. At most
 * 20 characters: the protocol's limit (NicknameSchema), so the server never refuses a typed name
 * for its length. `focusOnMount`: the field is the screen's first step (a room's join form).
 */
export function NicknameField({
  nickname,
  required = false,
  focusOnMount = false,
}: {
  nickname: Signal<string>;
  required?: boolean;
  focusOnMount?: boolean;
}) {
  const focused = useFocusOnMount<HTMLInputElement>();
  return (
    <label>
      {t('home.nickname')}
      <input
        ref={focusOnMount ? focused : undefined}
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
