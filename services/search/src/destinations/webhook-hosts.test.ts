import { isListedHost, parseAllowedHosts } from '@trove/service-core';
import { describe, expect, it } from 'vitest';
import { isTeamsWebhookUrl } from '@trove/contracts';
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

describe('isTeamsWebhookUrl: what Teams itself hands out (issue 35 item 2)', () => {
  const id = '0123456789abcdef0123456789abcdef';
  const guid = '01234567-89ab-cdef-0123-456789abcdef';
  it.each([
    [
      `https://prod-27.westeurope.logic.azure.com:443/workflows/${id}/triggers/manual/paths/invoke?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=abc`,
    ],
    [
      `https://default0a1b2c3d.c2.environment.api.powerplatform.com:443/powerautomate/automations/direct/workflows/${id}/triggers/manual/paths/invoke?api-version=1&sig=abc`,
    ],
    [`https://contoso.webhook.office.com/webhookb2/${guid}@${guid}/IncomingWebhook/${id}/${guid}`],
    [
      `https://contoso.webhook.office.com/webhookb2/${guid}@${guid}/IncomingWebhook/${id}/${guid}/V2abc_DEF-9`,
    ],
  ])('accepts %s', (url) => {
    expect(isTeamsWebhookUrl(new URL(url))).toBe(true);
  });

  it.each([
    [`https://slow.example.logic.azure.com/workflows/${id}/triggers/manual/paths/invoke`, 'a host of anyone'],
    [`https://prod-27.westeurope.logic.azure.com/anything/slow`, 'any other path on a Logic Apps host'],
    [
      `https://prod-27.westeurope.logic.azure.com:8443/workflows/${id}/triggers/manual/paths/invoke`,
      'another port',
    ],
    [
      `https://api.powerplatform.com/powerautomate/automations/direct/workflows/${id}/triggers/manual/paths/invoke`,
      'no environment',
    ],
    [`https://x.y.environment.api.powerplatform.com/custom/endpoint`, 'a custom Power Platform path'],
    [`https://contoso.webhook.office.com/anything`, 'a webhook.office.com path that is no incoming webhook'],
    [
      `https://prod-27.westeurope.logic.azure.com.attacker.test/workflows/${id}/triggers/manual/paths/invoke`,
      'a look-alike',
    ],
  ])('refuses %s (%s)', (url) => {
    expect(isTeamsWebhookUrl(new URL(url))).toBe(false);
  });
});
