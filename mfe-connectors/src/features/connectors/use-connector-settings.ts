import { api } from '@trove/kit';
import { useServerState } from '@trove/kit/server-state';
import { CONNECTOR_SETTINGS_URL, type ConnectorSettings, parseConnectorSettings } from './connector-state';

export type SettingsLoad = { status: 'loading' } | { status: 'ready'; settings: ConnectorSettings };

const readSettings = (signal: AbortSignal): Promise<ConnectorSettings> =>
  api
    .get<unknown>(CONNECTOR_SETTINGS_URL, { cache: 'no-store', signal })
    .then(parseConnectorSettings, () => ({}));

/**
 * The connector settings from the runtime config, fetched with no-store on every mount: the file is
 * rewritten from the environment at start, and a card must follow it without a rebuild (docs/product/connections.md#required-settings).
 * When the file cannot be read every card that needs a setting says so — honest, and never a blank page.
 */
export function useConnectorSettings(): SettingsLoad {
  const { data } = useServerState(readSettings, []);
  return data === undefined ? { status: 'loading' } : { status: 'ready', settings: data };
}
