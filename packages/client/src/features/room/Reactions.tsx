/**
 * Reactions: a row of the fixed emoji any member may send (`room:react`; the server refuses a
 * flood) and, beside it, the last few seconds' reactions from the room — "Bob 👏", a spectator's
 * unnamed — announced politely to screen readers. It sits above the board, never over it.
 */
import { REACTIONS, type Reaction } from '@percent/protocol/rules';
import type { ReactionEvent, RoomView } from '@percent/protocol';
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '../../i18n/index.ts';
import type { RoomSession } from '../../net/room-session.ts';
import { Avatar } from '../../ui/Avatar.tsx';

/** How long a reaction stays on screen (ms). */
export const REACTION_SHOWN_MS = 4_000;

export function Reactions({ view, session }: { view: RoomView; session: RoomSession }) {
  const limited = useSignal(false);
  const send = async (emoji: Reaction) => {
    const reply = await session.react(emoji);
    limited.value = !reply.ok && reply.error.code === 'RATE_LIMITED';
  };
  return (
    <div class="reactions" data-testid="reactions">
      <div class="reaction-bar" role="group" aria-label={t('react.label')}>
        {REACTIONS.map((emoji) => (
          <button
            key={emoji}
            type="button"
            class="reaction-button"
            data-emoji={emoji}
            aria-label={t('react.send', { emoji })}
            onClick={() => void send(emoji)}
          >
            {emoji}
          </button>
        ))}
      </div>
      {limited.value && <span class="muted">{t('react.slowDown')}</span>}
      <ReactionFeed view={view} session={session} />
    </div>
  );
}

/** The room's reactions of the last few seconds, newest last. */
function ReactionFeed({ view, session }: { view: RoomView; session: RoomSession }) {
  const shown = useRecent(session);
  return (
    <ul class="reaction-feed" aria-live="polite" data-testid="reaction-feed">
      {shown.map((event) => {
        const player = view.players.find((p) => p.id === event.playerId);
        return (
          <li key={`${event.at}-${event.playerId}-${event.emoji}`} class="reaction-chip">
            {player ? <Avatar nickname={player.nickname} colour={player.colour} /> : null}
            <span>{player ? player.nickname : t('react.spectator')}</span>{' '}
            <span class="reaction-emoji">{event.emoji}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** The session's reactions from the last `REACTION_SHOWN_MS` (server clock), kept current. */
export function useRecent(session: RoomSession): readonly ReactionEvent[] {
  const now = useSignal(session.clock.now());
  useEffect(() => {
    const timer = setInterval(() => (now.value = session.clock.now()), 500);
    return () => clearInterval(timer);
  }, [session]);
  const all = session.reactions.value;
  return all.filter((event) => event.at > Math.max(now.value, latest(all)) - REACTION_SHOWN_MS);
}

const latest = (events: readonly ReactionEvent[]): number => events.at(-1)?.at ?? 0;
