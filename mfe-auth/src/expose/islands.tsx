import { carryToasts, KitProviders, parseAppConfig, returnPathAfterLogin, useToasts } from '@trove/kit';
import { type ComponentType, lazy, useEffect, useMemo, useRef } from 'react';
import type { FlowExit } from '../features/auth-flow/use-auth-flow';

// The flow (its forms, the contracts' zod schemas, the phone number rules) is a chunk of its own, asked for as
// this module runs and evaluated in a task of its own when it arrives: evaluated with the kit, the two were one
// 122 ms task at CPU ×4 (issue 41's blocking time, docs/decisions/238). The shell renders the island as a
// transition, so the drawn card stays until the flow is here; no Suspense boundary here, which would commit an
// empty card first.
const flowPage = import('../features/auth-flow/auth-flow-page');
const AuthFlowPage = lazy(async () => ({ default: (await flowPage).AuthFlowPage }));

/**
 * trove_auth/Islands (docs/decisions/222): the drawn sign-in page's one part that moves — the card with the
 * step flow — rendered by the shell into its own root before (and usually instead of) the whole app. The
 * kit's providers come along (its index has no router); the router does not: once signed in, the island
 * leaves for the return path with a page load, which starts the signed-in app anyway, and
 * its flash goes along (the kit's carried toasts).
 */
export interface IslandProps {
  config: Record<string, unknown>;
}

/** The state the app's router keeps in history (a guard's `from`), when this page was reached inside it. */
function routerState(): unknown {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null ? (state as { usr?: unknown }).usr : undefined;
}

/** The flow, leaving with a page load once signed in: the flash it showed ("Welcome back!") goes along. */
function IslandFlow() {
  const { toasts } = useToasts();
  const shown = useRef(toasts);
  useEffect(() => {
    shown.current = toasts;
  });
  const exit = useMemo<FlowExit>(
    () => ({
      returnPath: returnPathAfterLogin(routerState(), window.location.search),
      go: (path) => {
        carryToasts(shown.current);
        window.location.replace(path);
      },
    }),
    [],
  );
  return <AuthFlowPage exit={exit} />;
}

function AuthFormIsland({ config }: IslandProps) {
  const settings = useMemo(() => parseAppConfig(config), [config]);
  return (
    <KitProviders config={settings}>
      <IslandFlow />
    </KitProviders>
  );
}

export const islands: Record<string, ComponentType<IslandProps>> = { form: AuthFormIsland };
