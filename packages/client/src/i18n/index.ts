/**
 * Translations. `t(key, params)` returns the message in the current language with `{name}`
 * placeholders filled; reading it inside a component re-renders the component when the
 * language changes (the language is a signal). Keys are typed: a key missing from `en` is a
 * compile error, and so is a Chinese catalogue that misses a key.
 *
 * Catalogues: `en.ts` / `zh.ts` (app shell, board, solo), `race.ts` (home, lobby, race,
 * spectate, results: see its header for the shape), `show.ts` (TV, podium, rules card) and
 * `a11y.ts` (screen-reader announcements), `lab.ts` (the SAT lab), `replay.ts` (replays and
 * debriefs), `daily.ts` (the daily puzzle, ghosts, solo solves), `rating.ts` (ratings, fairness),
 * `tournament.ts` (evenings of several rounds), `teams.ts` (team races),
 * `handicap.ts` (head starts, relaxed races).
 */
import { signal } from '@preact/signals';
import { readStored, writeStored } from '../ui/storage.ts';
import { a11yEn, a11yZh } from './a11y.ts';
import { en } from './en.ts';
import { dailyEn, dailyZh } from './daily.ts';
import { labEn, labZh } from './lab.ts';
import { raceEn, raceZh } from './race.ts';
import { ratingEn, ratingZh } from './rating.ts';
import { replayEn, replayZh } from './replay.ts';
import { showEn, showZh } from './show.ts';
import { tournamentEn, tournamentZh } from './tournament.ts';
import { teamsEn, teamsZh } from './teams.ts';
import { handicapEn, handicapZh } from './handicap.ts';
import { zh } from './zh.ts';

export const LANGUAGES = ['en', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];

export type MessageKey =
  | keyof typeof en
  | keyof typeof raceEn
  | keyof typeof showEn
  | keyof typeof a11yEn
  | keyof typeof labEn
  | keyof typeof replayEn
  | keyof typeof dailyEn
  | keyof typeof ratingEn
  | keyof typeof tournamentEn
  | keyof typeof teamsEn
  | keyof typeof handicapEn;
export type Params = Readonly<Record<string, string | number>>;

const CATALOGUES: Record<Language, Record<MessageKey, string>> = {
  en: {
    ...en,
    ...raceEn,
    ...showEn,
    ...a11yEn,
    ...labEn,
    ...replayEn,
    ...dailyEn,
    ...ratingEn,
    ...tournamentEn,
    ...teamsEn,
    ...handicapEn,
  },
  zh: {
    ...zh,
    ...raceZh,
    ...showZh,
    ...a11yZh,
    ...labZh,
    ...replayZh,
    ...dailyZh,
    ...ratingZh,
    ...tournamentZh,
    ...teamsZh,
    ...handicapZh,
  },
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
  const lang = language.value;
  return format(CATALOGUES[lang][key] ?? CATALOGUES.en[key] ?? key, params, lang);
}

/** True when the catalogue has the key (for ids that come from data, e.g. technique names). */
export function hasMessage(key: string): key is MessageKey {
  return key in CATALOGUES.en;
}

/** `{n, plural, one {# entry} other {# entries}}`: ICU's plural form (the subset we use). */
const PLURAL = /\{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{[^{}]*\})+)\s*\}/g;
const PLURAL_CASE = /(=\d+|zero|one|two|few|many|other)\s*\{([^{}]*)\}/g;

/**
 * Fills `{name}` placeholders and ICU plural forms, chosen by `Intl.PluralRules` for the
 * language (English has one/other; Chinese only other). A full ICU library would weigh more
 * than every catalogue together, and the messages need only these two forms.
 */
export function format(message: string, params?: Params, lang: Language = 'en'): string {
  if (!params) return message;
  const plural = message.replace(PLURAL, (whole, name: string, cases: string) => {
    const n = Number(params[name]);
    if (!(name in params) || Number.isNaN(n)) return whole;
    const forms = new Map([...cases.matchAll(PLURAL_CASE)].map((m) => [m[1]!, m[2]!]));
    const form = forms.get(`=${n}`) ?? forms.get(pluralRules(lang).select(n)) ?? forms.get('other');
    return (form ?? whole).replace(/#/g, String(n));
  });
  return plural.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

const rules = new Map<Language, Intl.PluralRules>();
const pluralRules = (lang: Language): Intl.PluralRules => {
  let found = rules.get(lang);
  if (!found) rules.set(lang, (found = new Intl.PluralRules(lang === 'zh' ? 'zh-CN' : 'en')));
  return found;
};
