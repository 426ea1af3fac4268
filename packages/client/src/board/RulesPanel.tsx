import type { VariantIdName } from '@percent/engine';
import { t } from '../i18n/index.ts';

/** The rules in two sentences, for the variant on the board. */
export function RulesPanel({ variant }: { readonly variant: VariantIdName }) {
  return (
    <details class="rules" open>
      <summary>
        {t('rules.title')} · {t(`variant.${variant}`)}
      </summary>
      <p>
        {t('rules.common')} {t(`rules.${variant}`)}
      </p>
    </details>
  );
}
