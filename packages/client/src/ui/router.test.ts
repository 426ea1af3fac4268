import { describe, expect, it } from 'vitest';
import { matchRoute } from './router.ts';

describe('matchRoute', () => {
  it('maps the four pages and tolerates a trailing slash', () => {
    expect(matchRoute('/')).toEqual({ page: 'home' });
    expect(matchRoute('/solo/')).toEqual({ page: 'solo' });
    expect(matchRoute('/lab')).toEqual({ page: 'lab' });
    expect(matchRoute('/r/ABCD')).toEqual({ page: 'room', code: 'ABCD' });
  });

  it('maps replays and the daily puzzle', () => {
    expect(matchRoute('/race/r-12_ab')).toEqual({ page: 'replay', raceId: 'r-12_ab' });
    expect(matchRoute('/replay/s1')).toEqual({ page: 'soloReplay', solveId: 's1' });
    expect(matchRoute('/daily/')).toEqual({ page: 'daily', day: null, variant: null });
    expect(matchRoute('/daily/2026-11-25/percent')).toEqual({
      page: 'daily',
      day: '2026-11-25',
      variant: 'percent',
    });
    expect(matchRoute('/daily/2026-11/percent')).toEqual({ page: 'notFound' });
    expect(matchRoute('/race/a/b')).toEqual({ page: 'notFound' });
  });

  it('sends anything else to not found', () => {
    expect(matchRoute('/r/')).toEqual({ page: 'notFound' });
    expect(matchRoute('/r/a/b')).toEqual({ page: 'notFound' });
    expect(matchRoute('/admin')).toEqual({ page: 'notFound' });
    expect(matchRoute('/lab/x')).toEqual({ page: 'notFound' });
  });
});
