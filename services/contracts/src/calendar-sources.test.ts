import { describe, expect, it } from 'vitest';
import { CALENDAR_MESSAGES, CalendarSettingsSchema } from './calendar-sources';
import { CreateSourceSchema, UpdateSourceSchema } from './sources';

// A calendar source's settings (issue 43 item 1): the address a person pastes, read as calendar apps read it,
// and each mistake in one message.

const first = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('CalendarSettingsSchema', () => {
  it('reads webcal:// as https://, drops the fragment, and defaults the window, the polling and the calendars', () => {
    expect(
      CalendarSettingsSchema.parse({ protocol: 'ical', url: ' webcal://p01.example.com/cal.ics#x ' }),
    ).toEqual({
      protocol: 'ical',
      url: 'https://p01.example.com/cal.ics',
      username: null,
      calendars: null,
      window_past_days: 365,
      window_future_days: 365,
      poll_minutes: 30,
      time_zone: null,
    });
  });

  it('refuses what is not a web address, credentials in the address, and an unknown time zone', () => {
    const parse = (settings: object) =>
      first(CalendarSettingsSchema.safeParse({ protocol: 'ical', ...settings }));
    expect(parse({ url: 'calendar.google.com/x.ics' })).toBe(CALENDAR_MESSAGES.badUrl);
    expect(parse({ url: 'ftp://example.com/x.ics' })).toBe(CALENDAR_MESSAGES.badUrl);
    expect(parse({ url: 'https://ann:secret@dav.example.com/' })).toBe(CALENDAR_MESSAGES.credentialsInUrl);
    expect(parse({ url: '' })).toBe(CALENDAR_MESSAGES.urlRequired);
    expect(parse({ url: 'https://example.com/x.ics', time_zone: 'Mars/Olympus' })).toBe(
      CALENDAR_MESSAGES.badTimeZone,
    );
    expect(parse({ url: 'https://example.com/x.ics', window_future_days: 5000 })).toBe(
      CALENDAR_MESSAGES.badWindow,
    );
    expect(first(CalendarSettingsSchema.safeParse({ protocol: 'exchange', url: 'https://x.example' }))).toBe(
      CALENDAR_MESSAGES.badProtocol,
    );
  });

  it('a calendar is created without a password and changed by the fields it names', () => {
    const created = CreateSourceSchema.parse({
      kind: 'calendar',
      settings: { protocol: 'ical', url: 'https://example.com/x.ics' },
    });
    expect(created.kind === 'calendar' && created.password).toBe('');
    expect(
      UpdateSourceSchema.parse({ settings: { calendars: ['https://dav.example.com/a/'] } }).settings,
    ).toEqual({
      calendars: ['https://dav.example.com/a/'],
    });
  });
});
