import { describe, expect, it } from 'vitest';
import {
  type ConnectorSettings,
  configureHint,
  connectorSettingsFromEnv,
  connectorState,
  parseConnectorSettings,
  requiredSettings,
  settingVariables,
} from './connector-state';
import { connectors, findConnector } from './connectors';

const full: ConnectorSettings = {
  googleClientId: 'g-123.apps.googleusercontent.com',
  microsoftClientId: '00000000-aaaa-bbbb-cccc-000000000000',
  microsoftTenantId: 'contoso.onmicrosoft.com',
  slackClientId: '1234.5678',
  notionClientId: 'notion-abc',
  githubClientId: 'Iv1.abc',
  webexClientId: 'webex-abc',
  atlassianClientId: 'atl-abc',
};
const get = (id: string) => {
  const connector = findConnector(id);
  if (!connector) throw new Error(`no connector ${id}`);
  return connector;
};
const without = (...names: (keyof ConnectorSettings)[]): ConnectorSettings =>
  Object.fromEntries(
    Object.entries(full).filter(([name]) => !names.includes(name as keyof ConnectorSettings)),
  );

describe('connector card state (docs/product/connections.md#card-states)', () => {
  it('with every setting present: localfs Connected, the manual nine Manual, every other one Ready', () => {
    const states = Object.fromEntries(connectors.map((c) => [c.id, connectorState(c, full).kind]));
    expect(states).toEqual({
      localfs: 'connected',
      gmail: 'ready',
      outlook: 'ready',
      drive: 'ready',
      onedrive: 'ready',
      dropbox: 'ready',
      box: 'ready',
      webdav: 'manual',
      slack: 'ready',
      teams: 'ready',
      webex: 'ready',
      notion: 'ready',
      confluence: 'ready',
      jira: 'ready',
      linear: 'ready',
      asana: 'ready',
      trello: 'ready',
      github: 'manual',
      zendesk: 'ready',
      gcal: 'ready',
      mcal: 'ready',
      imap: 'manual',
      s3: 'manual',
      postgres: 'manual',
      mysql: 'manual',
      mongodb: 'manual',
      sqlite: 'manual',
      caldav: 'manual',
    });
  });

  it('with no settings: every connector that needs one is Configure, naming what is missing', () => {
    for (const connector of connectors) {
      const state = connectorState(connector, {});
      const needs = requiredSettings[connector.id] ?? [];
      if (connector.alwaysOn) expect(state).toEqual({ kind: 'connected' });
      else if (connector.status === 'manual') expect(state).toEqual({ kind: 'manual' });
      else if (needs.length === 0) expect(state, connector.id).toEqual({ kind: 'ready' });
      else expect(state, connector.id).toEqual({ kind: 'configure', missing: needs });
    }
  });

  it('the Google family (gmail, drive, gcal) shares one Google client id', () => {
    for (const id of ['gmail', 'drive', 'gcal']) {
      expect(connectorState(get(id), without('googleClientId'))).toEqual({
        kind: 'configure',
        missing: ['googleClientId'],
      });
      expect(connectorState(get(id), { googleClientId: 'g' }).kind).toBe('ready');
    }
  });

  it('the Microsoft family (outlook, onedrive, teams, mcal) needs a client id and a tenant id', () => {
    for (const id of ['outlook', 'onedrive', 'teams', 'mcal']) {
      expect(connectorState(get(id), without('microsoftTenantId'))).toEqual({
        kind: 'configure',
        missing: ['microsoftTenantId'],
      });
      expect(connectorState(get(id), without('microsoftClientId'))).toEqual({
        kind: 'configure',
        missing: ['microsoftClientId'],
      });
      expect(connectorState(get(id), { microsoftClientId: 'c', microsoftTenantId: 't' }).kind).toBe('ready');
    }
  });

  it.each([
    ['slack', 'slackClientId'],
    ['notion', 'notionClientId'],
    ['webex', 'webexClientId'],
  ] as const)('%s needs its own client id', (id, setting) => {
    expect(connectorState(get(id), without(setting))).toEqual({ kind: 'configure', missing: [setting] });
    expect(connectorState(get(id), { [setting]: 'x' }).kind).toBe('ready');
  });

  it('jira and confluence share one Atlassian client id', () => {
    for (const id of ['jira', 'confluence']) {
      expect(connectorState(get(id), without('atlassianClientId'))).toEqual({
        kind: 'configure',
        missing: ['atlassianClientId'],
      });
      expect(connectorState(get(id), { atlassianClientId: 'a' }).kind).toBe('ready');
    }
  });

  it('one missing setting changes only the cards that need it', () => {
    const changed = connectors
      .filter((c) => connectorState(c, without('googleClientId')).kind !== connectorState(c, full).kind)
      .map((c) => c.id);
    expect(changed.sort()).toEqual(['drive', 'gcal', 'gmail']);
  });

  it('a connector that is not enabled is Configure even with its settings present', () => {
    expect(connectorState({ ...get('dropbox'), enabled: false }, full)).toEqual({
      kind: 'configure',
      missing: [],
    });
  });

  it('always-on wins over everything, then manual', () => {
    expect(connectorState({ ...get('localfs'), status: 'manual' }, {}).kind).toBe('connected');
    expect(connectorState({ ...get('postgres'), enabled: false }, {}).kind).toBe('manual');
  });

  it('a Configure card says which setting is missing', () => {
    expect(configureHint({ kind: 'configure', missing: ['googleClientId'] })).toBe('Needs Google client ID');
    expect(configureHint({ kind: 'configure', missing: ['microsoftClientId', 'microsoftTenantId'] })).toBe(
      'Needs Microsoft client ID and Microsoft tenant ID',
    );
    expect(configureHint({ kind: 'configure', missing: [] })).toBe('Turned off for this workspace');
  });
});

describe('connector settings from the runtime config', () => {
  it('keeps non-blank strings, trimmed, and ignores unknown keys', () => {
    expect(
      parseConnectorSettings({ googleClientId: '  g-1  ', slackClientId: 's', extra: 'x', secret: 'no' }),
    ).toEqual({ googleClientId: 'g-1', slackClientId: 's' });
  });

  it('counts blank or non-string values as missing, and survives a file that is not an object', () => {
    expect(
      parseConnectorSettings({ googleClientId: '   ', slackClientId: 42, githubClientId: null }),
    ).toEqual({});
    expect(parseConnectorSettings(null)).toEqual({});
    expect(parseConnectorSettings('not json')).toEqual({});
    expect(parseConnectorSettings([])).toEqual({});
  });

  it('the file written from the environment has every setting, empty when its variable is unset', () => {
    const written = connectorSettingsFromEnv({ GOOGLE_CLIENT_ID: ' g-1 ', MICROSOFT_TENANT_ID: 'contoso' });
    expect(written).toEqual({
      googleClientId: 'g-1',
      microsoftClientId: '',
      microsoftTenantId: 'contoso',
      slackClientId: '',
      notionClientId: '',
      githubClientId: '',
      webexClientId: '',
      atlassianClientId: '',
    });
    expect(Object.keys(written).sort()).toEqual(Object.keys(settingVariables).sort());
  });

  it('what the environment writes is what the cards read back', () => {
    const settings = parseConnectorSettings(connectorSettingsFromEnv({ GOOGLE_CLIENT_ID: 'g-1' }));
    expect(connectorState(get('gmail'), settings).kind).toBe('ready');
    expect(connectorState(get('outlook'), settings).kind).toBe('configure');
  });
});

describe('before the settings file is read (and in the page drawn at build time)', () => {
  it('the always-on and manual cards are final; every other card is checking, not Ready or Needs setup', () => {
    const states = Object.fromEntries(connectors.map((c) => [c.id, connectorState(c, undefined).kind]));
    expect(states.localfs).toBe('connected');
    expect(states.imap).toBe('manual');
    expect(states.gmail).toBe('checking');
    expect(states.slack).toBe('checking');
  });
});
