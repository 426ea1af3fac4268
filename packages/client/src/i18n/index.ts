/**
 * Translations. `t(key, params)` returns the message in the current language with `{name}`
 * placeholders filled; reading it inside a component re-renders the component when the
 * language changes (the language is a signal). Keys are typed: a key missing from `en` is a
 * compile error, and so is a Chinese catalogue that misses a key.
 *
 * Catalogues: `en.ts` / `zh.ts` (app shell, board, solo) and `race.ts` (home, lobby, race,
 * spectate, results: see its header for the shape).
 */
import { signal } from '@preact/signals';
import { readStored, writeStored } from '../ui/storage.ts';
import { en } from './en.ts';
import { raceEn, raceZh } from './race.ts';
import { zh } from './zh.ts';

export const LANGUAGES = ['en', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];

export type MessageKey = keyof typeof en | keyof typeof raceEn;
export type Params = Readonly<Record<string, string | number>>;

const CATALOGUES: Record<Language, Record<MessageKey, string>> = {
  en: { ...en, ...raceEn },
  zh: { ...zh, ...raceZh },
};

/** Language names in their own language, for the switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', zh: '中文' };

const isLanguage = (text: string | undefined): text is Language =>
  (LANGUAGES as readonly (string | undefined)[]).includes(text);

function initialLanguage(): Language {
  const stored = readStored('lang');
  if (isLanguage(stored)) return stored;
  const preferred = globalThis.navigator?.language ?? 'en';
  return preferred.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

export const language = signal<Language>(initialLanguage());

export function setLanguage(lang: Language): void {
  language.value = lang;
  writeStored('lang', lang);
  if (typeof document !== 'undefined')
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
}

/** The message in the current language; unknown placeholders are left as written. */
export function t(key: MessageKey, params?: Params): string {
  return format(CATALOGUES[language.value][key] ?? CATALOGUES.en[key] ?? key, params);
}

/** True when the catalogue has the key (for ids that come from data, e.g. technique names). */
export function hasMessage(key: string): key is MessageKey {
  return key in CATALOGUES.en;
}

export function format(message: string, params?: Params): string {
  if (!params) return message;
  return message.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
