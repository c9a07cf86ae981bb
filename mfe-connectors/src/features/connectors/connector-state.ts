import type { Connector } from './connectors';

/**
 * The client-id settings the connectors need (docs/product/connections.md#required-settings), read from /config/connectors.json at run time.
 * The build and `npm start` write that file from the environment variables named in
 * {@link settingVariables}, so setting one and restarting turns a card from Configure to Ready with no
 * rebuild (docs/decisions/004). These are OAuth *client ids*, which are public; no secret ever goes here.
 */
export interface ConnectorSettings {
  googleClientId?: string;
  microsoftClientId?: string;
  microsoftTenantId?: string;
  slackClientId?: string;
  notionClientId?: string;
  githubClientId?: string;
  webexClientId?: string;
  atlassianClientId?: string;
}
export type ConnectorSetting = keyof ConnectorSettings;

export const CONNECTOR_SETTINGS_URL = '/config/connectors.json';

/** What a person reads on a Configure card, and the variable an administrator sets. */
export const settingLabels: Readonly<Record<ConnectorSetting, string>> = {
  googleClientId: 'Google client ID',
  microsoftClientId: 'Microsoft client ID',
  microsoftTenantId: 'Microsoft tenant ID',
  slackClientId: 'Slack client ID',
  notionClientId: 'Notion client ID',
  githubClientId: 'GitHub client ID',
  webexClientId: 'Webex client ID',
  atlassianClientId: 'Atlassian client ID',
};

export const settingVariables: Readonly<Record<ConnectorSetting, string>> = {
  googleClientId: 'GOOGLE_CLIENT_ID',
  microsoftClientId: 'MICROSOFT_CLIENT_ID',
  microsoftTenantId: 'MICROSOFT_TENANT_ID',
  slackClientId: 'SLACK_CLIENT_ID',
  notionClientId: 'NOTION_CLIENT_ID',
  githubClientId: 'GITHUB_CLIENT_ID',
  webexClientId: 'WEBEX_CLIENT_ID',
  atlassianClientId: 'ATLASSIAN_CLIENT_ID',
};

const settingNames = Object.keys(settingLabels) as ConnectorSetting[];

/**
 * docs/product/connections.md#required-settings, required settings: the Google family shares one client id; the Microsoft family needs a
 * client id and a tenant id; slack, notion, github and webex each their own; jira and confluence one
 * Atlassian client id. Connectors not named here need none.
 */
export const requiredSettings: Readonly<Record<string, readonly ConnectorSetting[]>> = {
  gmail: ['googleClientId'],
  drive: ['googleClientId'],
  gcal: ['googleClientId'],
  outlook: ['microsoftClientId', 'microsoftTenantId'],
  onedrive: ['microsoftClientId', 'microsoftTenantId'],
  teams: ['microsoftClientId', 'microsoftTenantId'],
  mcal: ['microsoftClientId', 'microsoftTenantId'],
  slack: ['slackClientId'],
  notion: ['notionClientId'],
  github: ['githubClientId'],
  webex: ['webexClientId'],
  jira: ['atlassianClientId'],
  confluence: ['atlassianClientId'],
};

/**
 * Reads whatever the config file holds: unknown keys are ignored, and a value that is not a non-blank
 * string counts as missing, so a half-written or hand-edited file can only make a card ask for setup,
 * never break the page.
 */
export function parseConnectorSettings(value: unknown): ConnectorSettings {
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const settings: ConnectorSettings = {};
  for (const name of settingNames) {
    const field = record[name];
    if (typeof field === 'string' && field.trim() !== '') settings[name] = field.trim();
  }
  return settings;
}

export type ConnectorState =
  | { kind: 'connected' }
  | { kind: 'manual' }
  | { kind: 'ready' }
  /** The settings file is still being read (and at build time, when the page is drawn): Ready or Needs setup. */
  | { kind: 'checking' }
  /** `missing` is empty when the connector is turned off rather than short of a setting. */
  | { kind: 'configure'; missing: readonly ConnectorSetting[] };

/** docs/product/connections.md#required-settings: Connected (always-on), Manual (status manual), Ready (enabled, settings present), Configure. */
export function connectorState(
  connector: Connector,
  settings: ConnectorSettings | undefined,
): ConnectorState {
  if (connector.alwaysOn) return { kind: 'connected' };
  if (connector.status === 'manual') return { kind: 'manual' };
  if (settings === undefined) return { kind: 'checking' };
  const missing = (requiredSettings[connector.id] ?? []).filter((name) => !settings[name]);
  if (!connector.enabled || missing.length > 0) return { kind: 'configure', missing };
  return { kind: 'ready' };
}

/** The line a Configure card shows under its disabled button. */
export function configureHint(state: Extract<ConnectorState, { kind: 'configure' }>): string {
  if (state.missing.length === 0) return 'Turned off for this workspace';
  return `Needs ${joinWords(state.missing.map((name) => settingLabels[name]))}`;
}

function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/**
 * The body of /config/connectors.json for an environment: every setting, empty when its variable is
 * unset. The build writes it and `npm start` rewrites it (infra/src/rspack/site-files.ts), so the
 * variable names live here, beside the settings they fill, and nowhere else.
 */
export function connectorSettingsFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): Required<ConnectorSettings> {
  return Object.fromEntries(
    settingNames.map((name) => [name, (env[settingVariables[name]] ?? '').trim()]),
  ) as Required<ConnectorSettings>;
}
