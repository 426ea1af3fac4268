import {
  LANGUAGE_NAMES,
  LANGUAGES,
  language,
  setLanguage,
  t,
  type Language,
} from '../i18n/index.ts';
import { nextTheme, setTheme, theme } from '../theme/theme.ts';
import { muted, setMuted } from '../sound/sound.ts';
import { Link } from './Link.tsx';

const THEME_ICON = { system: '◐', light: '☀', dark: '☾' } as const;

/**
 * Each language's name as its button shows it on a narrow screen (the full name stays the
 * button's accessible name). Names of languages are written in that language, untranslated.
 */
const LANGUAGE_SHORT = { en: 'EN', zh: '中文' } as const satisfies Record<Language, string>;

/**
 * Home link, solo, daily and SAT-lab links, language switch, sound switch and colour-scheme
 * toggle; every choice is remembered.
 * One line at any width and in any language: the tools never wrap or shrink, the title gives
 * way (ellipsis) if it must (theme.css).
 */
export function Header() {
  const current = theme.value;
  return (
    <header class="app-header">
      <Link href="/" class="brand">
        <span class="brand-mark" aria-hidden="true">
          %
        </span>
        <span class="brand-name">{t('app.name')}</span>
      </Link>
      <nav class="header-tools">
        <Link href="/solo" class="header-link">
          {t('nav.solo')}
        </Link>
        <Link href="/daily" class="header-link">
          {t('nav.daily')}
        </Link>
        <Link href="/lab" class="header-link">
          {t('nav.lab')}
        </Link>
        <div class="lang-switch" role="group" aria-label={t('settings.language')}>
          {LANGUAGES.map((lang) => (
            <button
              key={lang}
              type="button"
              lang={lang}
              aria-pressed={language.value === lang}
              aria-label={languageLabel(lang)}
              onClick={() => setLanguage(lang)}
            >
              <span class="lang-long" aria-hidden="true">
                {LANGUAGE_NAMES[lang]}
              </span>
              <span class="lang-short" aria-hidden="true">
                {LANGUAGE_SHORT[lang]}
              </span>
            </button>
          ))}
        </div>
        <button
          type="button"
          class="theme-toggle sound-toggle"
          aria-pressed={muted.value}
          onClick={() => setMuted(!muted.value)}
          aria-label={t('sound.mute')}
          title={t(muted.value ? 'sound.off' : 'sound.on')}
          data-testid="sound-toggle"
        >
          <SpeakerIcon muted={muted.value} />
        </button>
        <button
          type="button"
          class="theme-toggle"
          onClick={() => setTheme(nextTheme(current))}
          aria-label={`${t('theme.toggle')}: ${t(`theme.${current}`)}`}
          title={`${t('theme.toggle')}: ${t(`theme.${current}`)}`}
        >
          <span aria-hidden="true">{THEME_ICON[current]}</span>
        </button>
      </nav>
    </header>
  );
}

/**
 * The button's accessible name holds both the full name and the short one a phone shows
 * ("EN English"), so a voice-control user can say what they see.
 */
function languageLabel(lang: Language): string {
  const long = LANGUAGE_NAMES[lang];
  const short = LANGUAGE_SHORT[lang];
  return long === short ? long : `${short} ${long}`;
}

/** A speaker, with sound waves or crossed out: drawn, since not every device has emoji. */
function SpeakerIcon({ muted }: { readonly muted: boolean }) {
  return (
    <svg class="speaker-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
      {muted ? (
        <path d="M16 9l5 6M21 9l-5 6" stroke="currentColor" stroke-width="2" fill="none" />
      ) : (
        <path
          d="M16 9.5a3.5 3.5 0 0 1 0 5M18.5 7a7 7 0 0 1 0 10"
          stroke="currentColor"
          stroke-width="2"
          fill="none"
          stroke-linecap="round"
        />
      )}
    </svg>
  );
}
