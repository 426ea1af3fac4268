/**
 * Pure facts the show screens read from a room view: who stands on the podium, a place as an
 * ordinal in the current language, the last race, places and seats that sit out.
 */
import type { PlayerView, RoomView, Standing } from '@percent/protocol';
import { language, t } from '../../i18n/index.ts';

/** The podium (places 1–3, best first) and everyone else in the standings' order. */
export function splitPodium(standings: readonly Standing[]): {
  readonly podium: readonly Standing[];
  readonly rest: readonly Standing[];
} {
  const onPodium = (s: Standing) => s.place !== null && s.place <= 3;
  const podium = standings.filter(onPodium).sort((a, b) => (a.place ?? 0) - (b.place ?? 0));
  return { podium, rest: standings.filter((s) => !onPodium(s)) };
}

const ordinalRules = new Map<string, Intl.PluralRules>();

/** 1 → "1st", 2 → "2nd", 23 → "23rd" in English; "第 2 名" in Chinese. */
export function ordinal(n: number): string {
  const lang = language.value === 'zh' ? 'zh-CN' : 'en';
  let rules = ordinalRules.get(lang);
  if (!rules) ordinalRules.set(lang, (rules = new Intl.PluralRules(lang, { type: 'ordinal' })));
  const form = rules.select(n);
  const key =
    form === 'one' || form === 'two' || form === 'few'
      ? (`podium.ordinal.${form}` as const)
      : 'podium.ordinal.other';
  return t(key, { n });
}

/** The standings of the race before this lobby (kept until the next race starts), or null. */
export const lastStandings = (view: RoomView): readonly Standing[] | null =>
  view.lastRace?.standings ?? null;

/** A player's place as soon as they finish (provisional until the race ends); else null. */
export const placeOf = (player: PlayerView): number | null => player.race?.place ?? null;

/** A seat that sits the races out (a host running the room from a TV). */
export const sitsOut = (player: PlayerView | undefined): boolean => player?.plays === false;

/** The players who race: seats sitting out are not shown in lanes or chips. */
export const racers = (view: RoomView): readonly PlayerView[] =>
  view.players.filter((p) => !sitsOut(p));
