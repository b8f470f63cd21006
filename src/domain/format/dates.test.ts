import { describe, expect, it } from 'vitest';
import { createDateFormatter, startOfDayIn, type DateFormatStyle } from './dates';

/** 2026-01-03 07:05 UTC: a Saturday morning in London, the evening before in Los Angeles. */
const MOMENT = '2026-01-03T07:05:00Z';
const NOW = new Date('2026-11-25T12:00:00Z');
const at = (timeZone: string, dateFormat: DateFormatStyle = 'US', now = NOW) =>
  createDateFormatter({ timeZone, dateFormat }, () => now);

describe('one formatter for every date the site shows', () => {
  it.each([
    ['UTC', 'Jan 3, 7:05 AM', '3 Jan, 07:05', '2026-01-03 07:05', 'January 3, 2026'],
    ['America/New_York', 'Jan 3, 2:05 AM', '3 Jan, 02:05', '2026-01-03 02:05', 'January 3, 2026'],
    ['America/Los_Angeles', 'Jan 2, 11:05 PM', '2 Jan, 23:05', '2026-01-02 23:05', 'January 2, 2026'],
    ['Europe/Paris', 'Jan 3, 8:05 AM', '3 Jan, 08:05', '2026-01-03 08:05', 'January 3, 2026'],
    ['Asia/Tokyo', 'Jan 3, 4:05 PM', '3 Jan, 16:05', '2026-01-03 16:05', 'January 3, 2026'],
  ])('writes the moment in %s, in US, EU and ISO order', (zone, us, eu, iso, long) => {
    expect(at(zone, 'US').dateTime(MOMENT)).toBe(us);
    expect(at(zone, 'EU').dateTime(MOMENT)).toBe(eu);
    expect(at(zone, 'ISO').dateTime(MOMENT)).toBe(iso);
    expect(at(zone, 'US').date(MOMENT)).toBe(long);
    // A date input's value: the zone's day, in ISO whatever the member's format.
    expect(at(zone, 'EU').isoDay(MOMENT)).toBe(iso.slice(0, 10));
  });

  it('follows daylight saving time in the zone, not a fixed offset', () => {
    // New York is UTC−4 in July and UTC−5 in January; Tokyo has no DST.
    expect(at('America/New_York', 'EU').time('2026-07-01T12:00:00Z')).toBe('08:00');
    expect(at('America/New_York', 'EU').time('2026-01-01T12:00:00Z')).toBe('07:00');
    expect(at('Europe/Paris', 'EU').time('2026-07-01T12:00:00Z')).toBe('14:00');
    expect(at('Asia/Tokyo', 'EU').time('2026-07-01T12:00:00Z')).toBe('21:00');
    expect(at('Asia/Tokyo').zoneName('2026-07-01T12:00:00Z')).toMatch(/GMT\+9|JST/);
  });

  it('writes the year when the moment is not in the current year there', () => {
    const december = '2025-12-12T20:20:00Z';
    expect(at('UTC').dateTime(december)).toBe('Dec 12, 2025, 8:20 PM');
    expect(at('UTC', 'EU').dateTime(december)).toBe('12 Dec 2025, 20:20');
    expect(at('UTC').shortDate(december)).toBe('Dec 12, 2025');
    expect(at('UTC').shortDate('2026-03-01T00:00:00Z')).toBe('Mar 1');
    // New Year's Eve 16:00 UTC is already next year in Tokyo: the current year is the zone's.
    const newYearInTokyo = new Date('2026-12-31T16:00:00Z');
    expect(at('Asia/Tokyo', 'US', newYearInTokyo).dateTime('2026-12-31T14:00:00Z')).toBe(
      'Dec 31, 2026, 11:00 PM',
    );
    expect(at('UTC', 'US', newYearInTokyo).dateTime('2026-12-31T14:00:00Z')).toBe('Dec 31, 2:00 PM');
  });

  it('writes full calendar days in each order, and a stored day as that day in any zone', () => {
    expect(at('UTC', 'EU').date(MOMENT)).toBe('3 January 2026');
    expect(at('UTC', 'ISO').date(MOMENT)).toBe('2026-01-03');
    // An event on December 12 is on December 12 for every reader.
    for (const zone of ['UTC', 'America/Los_Angeles', 'Asia/Tokyo']) {
      expect(at(zone).day('2025-12-12')).toBe('December 12, 2025');
      expect(at(zone, 'EU').day('2025-12-12')).toBe('12 December 2025');
      expect(at(zone, 'ISO').day('2025-12-12')).toBe('2025-12-12');
    }
  });

  it('says "Just now" only as the news rule, and minutes where age matters', () => {
    const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);
    const formatter = at('UTC');
    expect(formatter.relative(minutesAgo(23))).toBe('Just now');
    expect(formatter.age(minutesAgo(23))).toBe('23 min ago');
    expect(formatter.age(minutesAgo(0.5))).toBe('under a minute ago');
    expect(formatter.age(minutesAgo(125))).toBe('2h ago');
    expect(formatter.age(minutesAgo(3 * 24 * 60))).toBe('3d ago');
    expect(at('Asia/Tokyo', 'EU').relative(minutesAgo(8 * 24 * 60))).toBe('17 Nov, 21:00');
  });

  it('writes the time alone for today there, the date as well for another day', () => {
    // 23:30 UTC on November 24 is already November 25 in Tokyo, still November 24 in New York.
    const lateEvening = '2026-11-24T23:30:00Z';
    expect(at('Asia/Tokyo').timeOrDateTime(lateEvening)).toBe('8:30 AM');
    expect(at('America/New_York').timeOrDateTime(lateEvening)).toBe('Nov 24, 6:30 PM');
  });

  it('labels chart ticks in the zone and the order', () => {
    expect(at('Asia/Tokyo').tick(MOMENT, 'time')).toBe('4:05 PM');
    expect(at('Asia/Tokyo', 'EU').tick(MOMENT, 'day')).toBe('3 Jan');
    expect(at('America/Los_Angeles').tick(MOMENT, 'day')).toBe('Jan 2');
    expect(at('UTC', 'ISO').tick(MOMENT, 'month')).toBe('2026-01');
    expect(at('UTC').tick(MOMENT, 'year')).toBe('2026');
  });

  it('falls back to UTC for a zone it does not know', () => {
    const formatter = createDateFormatter({ timeZone: 'Mars/Olympus', dateFormat: 'US' }, () => NOW);
    expect(formatter.settings.timeZone).toBe('UTC');
    expect(formatter.dateTime(MOMENT)).toBe('Jan 3, 7:05 AM');
  });
});

describe('where a calendar day begins in a zone', () => {
  it('is that zone midnight, in UTC', () => {
    expect(startOfDayIn('2026-11-20', 'UTC')).toBe('2026-11-20T00:00:00.000Z');
    expect(startOfDayIn('2026-11-20', 'Asia/Tokyo')).toBe('2026-11-19T15:00:00.000Z');
    expect(startOfDayIn('2026-11-20', 'America/New_York')).toBe('2026-11-20T05:00:00.000Z');
    expect(startOfDayIn('2026-07-20', 'America/New_York')).toBe('2026-07-20T04:00:00.000Z');
    expect(startOfDayIn('2026-11-20', 'Asia/Kolkata')).toBe('2026-11-19T18:30:00.000Z');
  });

  it('holds across a daylight-saving change the night before', () => {
    // New York moved its clocks back at 02:00 on 1 November 2026: the 2nd starts at UTC-5.
    expect(startOfDayIn('2026-11-02', 'America/New_York')).toBe('2026-11-02T05:00:00.000Z');
    expect(startOfDayIn('2026-11-01', 'America/New_York')).toBe('2026-11-01T04:00:00.000Z');
    // Santiago skips from 00:00 to 01:00 on 6 September 2026: that day starts at 01:00, UTC-3.
    expect(startOfDayIn('2026-09-06', 'America/Santiago')).toBe('2026-09-06T04:00:00.000Z');
    expect(startOfDayIn('2026-09-07', 'America/Santiago')).toBe('2026-09-07T03:00:00.000Z');
  });

  it('is null for a day that does not exist, and UTC for an unknown zone', () => {
    expect(startOfDayIn('2026-02-30', 'UTC')).toBeNull();
    expect(startOfDayIn('20 Nov', 'UTC')).toBeNull();
    expect(startOfDayIn('2026-11-20', 'Mars/Olympus')).toBe('2026-11-20T00:00:00.000Z');
  });
});
