import { isListedHost, parseAllowedHosts } from '@trove/service-core';
import { describe, expect, it } from 'vitest';
import { isWebhookHost } from './destinations.service';

// Which hosts a destination's webhook may be on (issue 22): each service's own domains, itself or a
// subdomain, never a look-alike; DESTINATION_ALLOWED_HOSTS adds names and ranges.

describe('isWebhookHost', () => {
  it.each([
    ['slack', 'hooks.slack.com', true],
    ['slack', 'HOOKS.SLACK.COM.', true],
    ['slack', 'slack.com', false],
    ['slack', 'evilhooks.slack.com', false],
    ['slack', 'hooks.slack.com.attacker.test', false],
    ['teams', 'prod-12.westeurope.logic.azure.com', true],
    ['teams', 'default0a1b.c2.environment.api.powerplatform.com', true],
    ['teams', 'contoso.webhook.office.com', true],
    ['teams', 'logic.azure.com.attacker.test', false],
    ['teams', 'hooks.slack.com', false],
    ['google_chat', 'chat.googleapis.com', true],
    ['google_chat', 'googleapis.com', false],
  ] as const)('%s: %s → %s', (kind, host, expected) => {
    expect(isWebhookHost(kind, host)).toBe(expected);
  });
});

describe('isListedHost (DESTINATION_ALLOWED_HOSTS)', () => {
  const allowed = parseAllowedHosts('hooks.internal.test, 127.0.0.1, 10.8.0.0/16');
  it('names a host by name or by an address in a range, without DNS', () => {
    expect(isListedHost('HOOKS.internal.test', allowed)).toBe(true);
    expect(isListedHost('127.0.0.1', allowed)).toBe(true);
    expect(isListedHost('10.8.3.4', allowed)).toBe(true);
    expect(isListedHost('10.9.0.1', allowed)).toBe(false);
    expect(isListedHost('internal.test', allowed)).toBe(false);
    expect(isListedHost('[::1]', allowed)).toBe(false);
  });
});
