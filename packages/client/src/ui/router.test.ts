import { describe, expect, it } from 'vitest';
import { matchRoute } from './router.ts';

describe('matchRoute', () => {
  it('maps the four pages and tolerates a trailing slash', () => {
    expect(matchRoute('/')).toEqual({ page: 'home' });
    expect(matchRoute('/solo/')).toEqual({ page: 'solo' });
    expect(matchRoute('/lab')).toEqual({ page: 'lab' });
    expect(matchRoute('/r/ABCD')).toEqual({ page: 'room', code: 'ABCD' });
  });

  it('sends anything else to not found', () => {
    expect(matchRoute('/r/')).toEqual({ page: 'notFound' });
    expect(matchRoute('/r/a/b')).toEqual({ page: 'notFound' });
    expect(matchRoute('/admin')).toEqual({ page: 'notFound' });
    expect(matchRoute('/lab/x')).toEqual({ page: 'notFound' });
  });
});
