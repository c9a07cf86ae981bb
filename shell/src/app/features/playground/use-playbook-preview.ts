import { useCallback, useEffect, useState } from 'react';
import { loadExposedModule, resetRemote } from '../../remotes/remote-registry';
import { connectorNamesIn, findPlaybookIn, type PlaybookPreview } from './playbook-preview';

export type PlaybookPreviewState =
  | { kind: 'no-template' }
  | { kind: 'loading' }
  | { kind: 'found'; playbook: PlaybookPreview; connectorNames: Map<string, string> }
  | { kind: 'unknown'; tpl: string }
  | { kind: 'failed' };

/** The playbook named by `?tpl=`, from the connectors remote's data module (docs/decisions/004). */
export function usePlaybookPreview(tpl: string | null): { state: PlaybookPreviewState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PlaybookPreviewState>(
    tpl ? { kind: 'loading' } : { kind: 'no-template' },
  );

  useEffect(() => {
    if (!tpl) {
      setState({ kind: 'no-template' });
      return;
    }
    let current = true;
    setState({ kind: 'loading' });
    const load = async () => {
      // A retry first drops the MF runtime's cached failure for the remote (see remote-mount.tsx).
      if (attempt > 0) await resetRemote('connectors');
      return loadExposedModule('connectors', 'playbooks');
    };
    load().then(
      (module) => {
        if (!current) return;
        try {
          const playbook = findPlaybookIn(module, tpl);
          setState(
            playbook
              ? { kind: 'found', playbook, connectorNames: connectorNamesIn(module) }
              : { kind: 'unknown', tpl },
          );
        } catch (error) {
          console.warn('[trove] the playbook data is not in the expected shape', error);
          setState({ kind: 'failed' });
        }
      },
      (error: unknown) => {
        console.warn('[trove] could not load the playbook data', error);
        if (current) setState({ kind: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [tpl, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
