import { LANGUAGE_NAMES, LANGUAGES, language, setLanguage, t } from '../i18n/index.ts';
import { nextTheme, setTheme, theme } from '../theme/theme.ts';
import { Link } from './Link.tsx';

const THEME_ICON = { system: '◐', light: '☀', dark: '☾' } as const;

/** Home link, solo link, language switch and colour-scheme toggle; both choices are remembered. */
export function Header() {
  const current = theme.value;
  return (
    <header class="app-header">
      <Link href="/" class="brand">
        <span class="brand-mark" aria-hidden="true">
          %
        </span>
        {t('app.name')}
      </Link>
      <nav class="header-tools">
        <Link href="/solo">{t('nav.solo')}</Link>
        <div class="lang-switch" role="group" aria-label={t('settings.language')}>
          {LANGUAGES.map((lang) => (
            <button
              key={lang}
              type="button"
              lang={lang}
              aria-pressed={language.value === lang}
              onClick={() => setLanguage(lang)}
            >
              {LANGUAGE_NAMES[lang]}
            </button>
          ))}
        </div>
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
