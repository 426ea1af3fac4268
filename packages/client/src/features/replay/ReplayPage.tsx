/** The replay page: a finished race (`/race/ID`) or a solve recorded on this device (`/replay/ID`). */
import { t } from '../../i18n/index.ts';

export type ReplaySource =
  { readonly kind: 'race'; readonly id: string } | { readonly kind: 'solve'; readonly id: string };

export function ReplayPage(_props: { readonly source: ReplaySource }) {
  return <h1>{t('replay.title')}</h1>;
}
