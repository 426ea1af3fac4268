/**
 * Pure facts the show screens read from a room view: who stands on the podium, a place as an
 * ordinal in the current language, the last race, places and seats that sit out.
 */
import type { PlayerView, RoomView, Standing } from '@percent/protocol';

/** Places as ordinals live with the catalogues; the show screens take them from here. */
export { ordinal } from '../../../i18n/ordinal.ts';

/** The podium (places 1–3, best first) and everyone else in the standings' order. */
export function splitPodium(standings: readonly Standing[]): {
  readonly podium: readonly Standing[];
  readonly rest: readonly Standing[];
} {
  const onPodium = (s: Standing) => s.place !== null && s.place <= 3;
  const podium = standings.filter(onPodium).sort((a, b) => (a.place ?? 0) - (b.place ?? 0));
  return { podium, rest: standings.filter((s) => !onPodium(s)) };
}

/** The standings of the race before this lobby (kept until the next race starts), or null. */
export const lastStandings = (view: RoomView): readonly Standing[] | null =>
  view.lastRace?.standings ?? null;

export { placeOf } from '@percent/net';

/** A seat that sits the races out (a host running the room from a TV). */
export const sitsOut = (player: PlayerView | undefined): boolean => player?.plays === false;

/** The players who race: seats sitting out are not shown in lanes or chips. */
export const racers = (view: RoomView): readonly PlayerView[] =>
  view.players.filter((p) => !sitsOut(p));
