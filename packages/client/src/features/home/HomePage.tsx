/**
 * Home: create a room (you become its host) or join one by its code; today's daily puzzles and
 * this device's streak; its recent races and solves, each a replay away; solo play and the SAT
 * lab are a link away.
 * Creating takes the seat here and keeps its session token, so the room page regains it. The
 * actions load on first use (home-actions.ts), keeping the first page load small.
 */
import { passesForHost } from '@percent/protocol/rules';
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { readStored } from '../../ui/storage.ts';
import { t } from '../../i18n/index.ts';
import { saveNickname, savedNickname } from '../../net/identity.ts';
import { useFocusOnMount } from '../../ui/focus.ts';
import { Link } from '../../ui/Link.tsx';
import { NicknameField } from '../../ui/NicknameField.tsx';
import { navigate } from '../../ui/router.ts';
import { reimporting } from '../../ui/reimport.ts';
import { DailyCard } from '../daily/DailyCard.tsx';
import { RecentReplays } from '../replay/RecentReplays.tsx';
import { errorText } from '../../ui/errors.ts';
import { codeFrom } from '../../state/room-code.ts';
import { fetchSummary, rememberJoinIntent } from '../../net/room-summary.ts';
import '../../ui/room.css';
import '../../ui/rules-ui.css';

/** The actions' chunk; after a failed load (offline) the next press fetches it again. */
const loadActions = reimporting(
  () => import('./home-actions.ts'),
  (m) => m.createRoom,
);

export function HomePage() {
  const nickname = useSignal(savedNickname());
  const code = useSignal('');
  const busy = useSignal(false);
  /** "Host on this screen": the creator runs the room (a TV) and sits the races out. */
  const hostOnly = useSignal(false);
  const message = useSignal<string | undefined>(undefined);

  const create = async (event: Event) => {
    event.preventDefault();
    const name = nickname.value.trim();
    if (!name) return void (message.value = t('home.nicknameNeeded'));
    if (passesForHost(name)) return void (message.value = t('home.nicknameHost'));
    busy.value = true;
    try {
      const createRoom = await loadActions();
      const created = await createRoom(name, !hostOnly.value);
      if (!created.ok) return void (message.value = errorText(created.error));
      navigate(created.link);
    } catch {
      message.value = t('home.unreachable'); // the actions' chunk could not be loaded
    } finally {
      busy.value = false;
    }
  };

  /** Checks the code here (a wrong one is said at once) and joins with the nickname typed. */
  const join = async (event: Event) => {
    event.preventDefault();
    const parsed = codeFrom(code.value);
    if (!parsed) return void (message.value = t('home.badCode'));
    if ((await fetchSummary(parsed)) === 'missing')
      return void (message.value = t('room.error.ROOM_NOT_FOUND'));
    const name = nickname.value.trim();
    if (name) {
      saveNickname(name);
      rememberJoinIntent(parsed);
    }
    navigate(`/r/${parsed}`);
  };

  return (
    <section class="home">
      <h1 tabIndex={-1} ref={useFocusOnMount<HTMLHeadingElement>()}>
        {t('home.title')}
      </h1>
      <p class="muted">{t('home.intro')}</p>
      <form class="home-card" onSubmit={(e) => void create(e)}>
        <NicknameField nickname={nickname} />
        <label class="home-check">
          <input
            type="checkbox"
            name="hostOnly"
            checked={hostOnly.value}
            data-testid="host-only"
            onChange={(e) => (hostOnly.value = e.currentTarget.checked)}
          />
          {t('home.hostOnly')}
        </label>
        <button type="submit" class="primary" disabled={busy.value} data-testid="create-room">
          {t('home.create')}
        </button>
      </form>
      <form class="home-card" onSubmit={(e) => void join(e)}>
        <label>
          {t('home.code')}
          <input
            name="code"
            value={code.value}
            class="code-input"
            autoCapitalize="characters"
            autoComplete="off"
            spellcheck={false}
            placeholder="ABCDE"
            onInput={(e) => (code.value = e.currentTarget.value)}
          />
        </label>
        <button type="submit">{t('home.join')}</button>
      </form>
      {message.value && (
        <p class="error" role="alert">
          {message.value}
        </p>
      )}
      <BackToRoom />
      <DailyCard />
      <p>
        <Link href="/solo">{t('home.solo')}</Link>
      </p>
      <p>
        <Link href="/lab">{t('lab.homeLink')}</Link>
      </p>
      <RecentReplays />
    </section>
  );
}

/** The room this device left last, while it is open: one tap back (the code is kept once). */
function BackToRoom() {
  const left = codeFrom(readStored('lastRoom') ?? '');
  const open = useSignal<boolean>(false);
  useEffect(() => {
    if (!left) return;
    void fetchSummary(left).then(
      (found) => (open.value = found !== 'missing' && found !== undefined),
    );
  }, [left]);
  if (!left || !open.value) return null;
  return (
    <p class="home-back" data-testid="back-to-room">
      <Link href={`/r/${left}`}>{t('home.backToRoom', { code: left })}</Link>
    </p>
  );
}
