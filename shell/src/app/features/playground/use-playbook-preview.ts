import { useServerState } from '@trove/kit/server-state';
import { useCallback, useRef } from 'react';
import { loadExposedModule, resetRemote } from '../../remotes/remote-registry';
import { connectorNamesIn, findPlaybookIn, type PlaybookPreview } from './playbook-preview';

export type PlaybookPreviewState =
  | { kind: 'no-template' }
  | { kind: 'loading' }
  | { kind: 'found'; playbook: PlaybookPreview; connectorNames: Map<string, string> }
  | { kind: 'unknown'; tpl: string }
  | { kind: 'failed' };

type PlaybookAnswer = Extract<PlaybookPreviewState, { kind: 'found' | 'unknown' }>;

async function loadPlaybookPreview(tpl: string, retry: boolean): Promise<PlaybookAnswer> {
  let module: unknown;
  try {
    // A retry first drops the MF runtime's cached failure for the remote (see remote-mount.tsx).
    if (retry) await resetRemote('connectors');
    module = await loadExposedModule('connectors', 'playbooks');
  } catch (error) {
    console.warn('[trove] could not load the playbook data', error);
    throw error;
  }
  try {
    const playbook = findPlaybookIn(module, tpl);
    return playbook
      ? { kind: 'found', playbook, connectorNames: connectorNamesIn(module) }
      : { kind: 'unknown', tpl };
  } catch (error) {
    console.warn('[trove] the playbook data is not in the expected shape', error);
    throw error;
  }
}

/** The playbook named by `?tpl=`, from the connectors remote's data module (docs/decisions/004). */
export function usePlaybookPreview(tpl: string | null): { state: PlaybookPreviewState; retry: () => void } {
  const retrying = useRef(false);
  const preview = useServerState(
    tpl
      ? () => {
          const retry = retrying.current;
          retrying.current = false;
          return loadPlaybookPreview(tpl, retry);
        }
      : null,
    [tpl],
  );
  const { refetch } = preview;
  const retry = useCallback(() => {
    retrying.current = true;
    void refetch();
  }, [refetch]);

  // A retry shows "Loading the template…" again, as the first read did.
  const state: PlaybookPreviewState =
    preview.status === 'idle'
      ? { kind: 'no-template' }
      : preview.status === 'ready' && preview.data !== undefined
        ? preview.data
        : preview.status === 'error' && !preview.fetching
          ? { kind: 'failed' }
          : { kind: 'loading' };
  return { state, retry };
}
