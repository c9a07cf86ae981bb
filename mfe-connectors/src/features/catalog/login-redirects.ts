import type { SessionStatus } from '@trove/kit';

/** docs/product/public-pages.md#integrations-tab: a signed-out "Connect" goes to login, then to /integrations. */
export const GUEST_CONNECT_TARGET = '/auth/login?next=/integrations';

export function playgroundPath(templateId: string): string {
  return `/playground?tpl=${encodeURIComponent(templateId)}`;
}

/** docs/product/public-pages.md#playbooks-tab, docs/product/shell.md#roles: "Use template" — signed in, the playground; a guest, login with the playground as next. */
export function templateTarget(templateId: string, status: SessionStatus): string {
  const playground = playgroundPath(templateId);
  return status === 'user' ? playground : `/auth/login?next=${encodeURIComponent(playground)}`;
}

export type ConnectAction =
  | { kind: 'login'; to: string }
  | { kind: 'coming-soon'; connectorId: string; message: string }
  /** The session check has not answered yet; acting now could send a signed-in person to login. */
  | { kind: 'wait' };

/** What "Connect" does (docs/product/public-pages.md#integrations-tab): a guest logs in first; for a signed-in person the flow is not built. */
export function connectAction(connector: { id: string; name: string }, status: SessionStatus): ConnectAction {
  if (status === 'loading') return { kind: 'wait' };
  if (status === 'guest') return { kind: 'login', to: GUEST_CONNECT_TARGET };
  return {
    kind: 'coming-soon',
    connectorId: connector.id,
    message: `Connecting ${connector.name} is coming soon.`,
  };
}
