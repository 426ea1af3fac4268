import { describe, expect, it } from 'vitest';
import {
  addDays,
  archiveDays,
  dayOf,
  difficultyOf,
  seedOf,
  statusOf,
  streakOf,
} from './calendar.ts';

describe('the daily calendar', () => {
  it('names the UTC day of an instant, whatever the local time zone', () => {
    expect(dayOf(Date.parse('2026-11-25T23:59:59.999Z'))).toBe('2026-11-25');
    expect(dayOf(Date.parse('2026-11-26T00:00:00.000Z'))).toBe('2026-11-26');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('seeds each day and variant with the SHA-256 of "YYYY-MM-DD:variant", the same every time', () => {
    expect(seedOf('2026-11-25', 'percent')).toBe(seedOf('2026-11-25', 'percent'));
    // sha256("2026-11-25:percent"), computed independently: printf '%s' … | sha256sum
    expect(seedOf('2026-11-25', 'percent')).toBe(
      '4716da8e57de6aa82d00a9572fea304d30fa1c69fd26b35d8a59ebc37a2349dd',
    );
    expect(seedOf('2026-11-25', 'x')).not.toBe(seedOf('2026-11-25', 'percent'));
    expect(seedOf('2026-11-26', 'percent')).not.toBe(seedOf('2026-11-25', 'percent'));
    expect(seedOf('2026-11-25', 'percent', 1)).not.toBe(seedOf('2026-11-25', 'percent'));
  });

  it('makes the week harder day by day: Monday easy … Sunday expert', () => {
    const week = [
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ];
    expect(week.map(difficultyOf)).toEqual([
      'easy',
      'easy',
      'medium',
      'medium',
      'hard',
      'hard',
      'expert',
    ]);
  });

  it('tells past, today, future and before the first daily apart', () => {
    expect(statusOf('2026-11-24', '2026-11-25')).toBe('past');
    expect(statusOf('2026-11-25', '2026-11-25')).toBe('today');
    expect(statusOf('2026-11-26', '2026-11-25')).toBe('future');
    expect(statusOf('2025-12-31', '2026-11-25')).toBe('before-first');
  });

  it('lists the archive newest first and never before the first daily', () => {
    expect(archiveDays('2026-11-25', 3)).toEqual(['2026-11-24', '2026-11-23', '2026-11-22']);
    expect(archiveDays('2026-01-03', 30)).toEqual(['2026-01-02', '2026-01-01']);
  });
});

describe('streaks', () => {
  const today = '2026-11-25';

  it('counts consecutive days ending today', () => {
    expect(streakOf(['2026-11-25', '2026-11-24', '2026-11-23'], today)).toEqual({
      current: 3,
      best: 3,
      solvedToday: true,
    });
  });

  it('keeps a streak ending yesterday alive while today is open', () => {
    expect(streakOf(['2026-11-24', '2026-11-23'], today)).toEqual({
      current: 2,
      best: 2,
      solvedToday: false,
    });
  });

  it('breaks on a missed day, and remembers the longest run', () => {
    const days = ['2026-11-25', '2026-11-22', '2026-11-21', '2026-11-20', '2026-11-19'];
    expect(streakOf(days, today)).toEqual({ current: 1, best: 4, solvedToday: true });
    expect(streakOf(['2026-11-23'], today)).toEqual({ current: 0, best: 1, solvedToday: false });
  });

  it('counts a day once however many variants were solved, and nothing for no days', () => {
    expect(streakOf(['2026-11-25', '2026-11-25', '2026-11-24'], today).current).toBe(2);
    expect(streakOf([], today)).toEqual({ current: 0, best: 0, solvedToday: false });
  });
});
