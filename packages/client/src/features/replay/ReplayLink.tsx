/** A link to a finished race's replay (`/race/ID`, `?player=ID` to open that player's debrief). */
import type { ComponentChildren } from 'preact';
import { t } from '../../i18n/index.ts';
import { Link } from '../../ui/Link.tsx';

export function replayHref(raceId: string, playerId?: string): string {
  const path = `/race/${encodeURIComponent(raceId)}`;
  return playerId ? `${path}?player=${encodeURIComponent(playerId)}` : path;
}

export function ReplayLink(props: {
  readonly raceId: string;
  readonly playerId?: string;
  readonly class?: string;
  readonly children?: ComponentChildren;
}) {
  return (
    <Link href={replayHref(props.raceId, props.playerId)} class={props.class ?? 'replay-link'}>
      {props.children ?? `▶ ${t('replay.link')}`}
    </Link>
  );
}
