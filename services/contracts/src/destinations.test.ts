import { describe, expect, it } from 'vitest';
import { CreateDestinationSchema, DESTINATION_MESSAGES, destinationKey } from './destinations';

describe('CreateDestinationSchema', () => {
  it('takes a kind, a name and an https URL', () => {
    expect(
      CreateDestinationSchema.parse({
        kind: 'slack',
        name: ' #finance ',
        url: 'https://hooks.slack.com/services/T/B/x',
      }),
    ).toEqual({ kind: 'slack', name: '#finance', url: 'https://hooks.slack.com/services/T/B/x' });
  });

  it('refuses plain http, a non-URL, an unknown kind and unknown fields', () => {
    const http = CreateDestinationSchema.safeParse({
      kind: 'slack',
      name: '#a',
      url: 'http://hooks.slack.com/x',
    });
    expect(http.error?.issues[0]?.message).toBe(DESTINATION_MESSAGES.notHttps);
    const junk = CreateDestinationSchema.safeParse({ kind: 'slack', name: '#a', url: 'hooks.slack.com/x' });
    expect(junk.error?.issues[0]?.message).toBe(DESTINATION_MESSAGES.badUrl);
    expect(
      CreateDestinationSchema.safeParse({ kind: 'discord', name: '#a', url: 'https://x.test/' }).success,
    ).toBe(false);
    expect(
      CreateDestinationSchema.safeParse({ kind: 'slack', name: '#a', url: 'https://x.test/', extra: 1 })
        .success,
    ).toBe(false);
  });
});

describe('destinationKey', () => {
  it('reads "#Finance", "finance" and " #finance " as one name; spaces inside collapse', () => {
    expect(destinationKey('#Finance')).toBe('finance');
    expect(destinationKey(' finance ')).toBe('finance');
    expect(destinationKey('Finance   Ops')).toBe('finance ops');
  });
});
