import { fileURLToPath } from 'node:url';

/** The repository root, resolved from this file so scripts work from any working directory. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export type RemoteName = 'marketing' | 'auth' | 'profile' | 'connectors' | 'chat';
export type AppName = 'shell' | RemoteName;

interface AppCommon {
  name: AppName;
  /** Workspace folder, relative to the repository root. */
  folder: string;
  /** Port of the standalone dev server. */
  devPort: number;
}

export interface HostApp extends AppCommon {
  kind: 'host';
  name: 'shell';
}

export interface RemoteApp extends AppCommon {
  kind: 'remote';
  name: RemoteName;
  /** Module Federation container name (docs/decisions/001: `trove_<name>`). */
  containerName: `trove_${RemoteName}`;
  /** Public module name → source file, relative to the app folder. */
  exposes: Record<string, string>;
}

export type AppDefinition = HostApp | RemoteApp;

const remote = (
  name: RemoteName,
  devPort: number,
  exposeName: string,
  file: string,
  more: Record<string, string> = {},
): RemoteApp => ({
  kind: 'remote',
  name,
  folder: `mfe-${name}`,
  devPort,
  containerName: `trove_${name}`,
  exposes: {
    [`./${exposeName}`]: `./src/expose/${file}`,
    ...Object.fromEntries(
      Object.entries(more).map(([expose, source]) => [`./${expose}`, `./src/expose/${source}`]),
    ),
  },
});

/** Every front-end app, in build order. Names, containers and exposes follow docs/decisions/001. */
export const apps: readonly AppDefinition[] = [
  { kind: 'host', name: 'shell', folder: 'shell', devPort: 3000 },
  // What moves on the drawn landing page before the app starts is a plain script (docs/decisions/245,
  // mfe-marketing/src/drawn), not an island: the remote exposes its page only.
  remote('marketing', 3001, 'LandingPage', 'landing-page.tsx'),
  // Islands: the drawn sign-in page's form before the app starts (docs/decisions/222).
  remote('auth', 3002, 'AuthPage', 'auth-page.tsx', { Islands: 'islands.tsx' }),
  remote('profile', 3003, 'ProfilePage', 'profile-page.tsx'),
  // docs/decisions/004: the catalogs for the landing page and /integrations, and the playbook data the
  // shell's /playground page reads.
  remote('connectors', 3004, 'ConnectionsPage', 'connections-page.tsx', {
    ConnectorCatalog: 'connector-catalog.tsx',
    // The drawn /integrations page's catalog before the app starts (docs/decisions/222).
    Islands: 'islands.tsx',
    PlaybookCatalog: 'playbook-catalog.tsx',
    playbooks: 'playbooks.ts',
    // Issue 10: /uploads, a source beside Connections (docs/architecture.md#packages).
    UploadsPage: 'uploads-page.tsx',
    // Issue 40: /workflows and the editor /playground?tpl=… opens for a signed-in user.
    WorkflowsPage: 'workflows-page.tsx',
    // Issue 38: /search and /documents/:id, where what is found is searched and opened (docs/decisions/100).
    SearchPage: 'search-page.tsx',
    DocumentPage: 'document-page.tsx',
  }),
  // Issue 11: /chats and /chats/:chatId (docs/decisions/016).
  remote('chat', 3005, 'ChatsPage', 'chats-page.tsx'),
];

export const remoteApps = apps.filter((app): app is RemoteApp => app.kind === 'remote');

/**
 * Finds an app by its name or its folder, so both `build.ts auth` and the workspace scripts'
 * `build.ts mfe-auth` work.
 */
export function findApp(nameOrFolder: string): AppDefinition | undefined {
  return apps.find((app) => app.name === nameOrFolder || app.folder === nameOrFolder);
}

/**
 * Public settings served as /config/app.json. The one place the product's names live (docs/product/shell.md#product-name: they
 * come from runtime config, never hard-coded in more than one place).
 */
export const appSettings = {
  name: 'Trove',
  shortName: 'T',
  tagline: 'Find anything. Send anywhere.',
} as const;
