import { api } from '@trove/kit';
import { useEffect, useState } from 'react';
import { CONNECTOR_SETTINGS_URL, type ConnectorSettings, parseConnectorSettings } from './connector-state';

export type SettingsLoad = { status: 'loading' } | { status: 'loaded'; settings: ConnectorSettings };

/**
 * The connector settings from the runtime config, fetched with no-store on every mount: the file is
 * rewritten from the environment at start, and a card must follow it without a rebuild (SPEC §4.4).
 * When the file cannot be read every card that needs a setting says so — honest, and never a blank page.
 */
export function useConnectorSettings(): SettingsLoad {
  const [load, setLoad] = useState<SettingsLoad>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    api
      .get<unknown>(CONNECTOR_SETTINGS_URL, { cache: 'no-store', signal: controller.signal })
      .then(
        (value) => parseConnectorSettings(value),
        () => ({}),
      )
      .then((settings) => {
        if (!controller.signal.aborted) setLoad({ status: 'loaded', settings });
      });
    return () => controller.abort();
  }, []);
  return load;
}
