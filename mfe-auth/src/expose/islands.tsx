import { KitProviders, parseAppConfig, returnPathAfterLogin } from '@trove/kit';
import { type ComponentType, useMemo } from 'react';
import { AuthFlowPage } from '../features/auth-flow/auth-flow-page';
import type { FlowExit } from '../features/auth-flow/use-auth-flow';

/**
 * trove_auth/Islands (docs/decisions/222): the drawn sign-in page's one part that moves — the card with the
 * step flow — rendered by the shell into its own root before (and usually instead of) the whole app. The
 * kit's providers come along (its index has no router); the router does not: once signed in, the island
 * leaves for the return path with a page load, which starts the signed-in app anyway.
 */
export interface IslandProps {
  config: Record<string, unknown>;
}

/** The state the app's router keeps in history (a guard's `from`), when this page was reached inside it. */
function routerState(): unknown {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null ? (state as { usr?: unknown }).usr : undefined;
}

function AuthFormIsland({ config }: IslandProps) {
  const settings = useMemo(() => parseAppConfig(config), [config]);
  const exit = useMemo<FlowExit>(
    () => ({
      returnPath: returnPathAfterLogin(routerState(), window.location.search),
      go: (path) => window.location.replace(path),
    }),
    [],
  );
  return (
    <KitProviders config={settings}>
      <AuthFlowPage exit={exit} />
    </KitProviders>
  );
}

export const islands: Record<string, ComponentType<IslandProps>> = { form: AuthFormIsland };
