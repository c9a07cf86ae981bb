import type { Source } from '@trove/contracts';
import { usePopup, useToasts } from '@trove/kit';
import { useCallback } from 'react';
import { ImapForm } from './imap-form';
import { ConfirmRemove, type SourceAction } from './source-card';
import { createSource, testSourceSettings } from './sources-api';
import type { SourcesState } from './use-sources';

const formApi = { test: testSourceSettings, create: createSource };

/**
 * The Connections page's two dialogs, in the kit's popup (focus trapped, Escape closes): the IMAP form,
 * and the confirmation before Remove. Everything else a card asks for goes straight to `useSources`.
 */
export function useSourceDialogs(state: SourcesState) {
  const popup = usePopup();
  const toasts = useToasts();
  const { add, act } = state;

  const openMailboxForm = useCallback(() => {
    const ticket = popup.open(
      <ImapForm
        api={formApi}
        onCancel={() => popup.close(ticket)}
        onConnected={(source) => {
          popup.close(ticket);
          add(source);
          toasts.show({
            type: 'success',
            message: `${source.name} is connected. Its first sync starts now.`,
          });
        }}
      />,
      // A click beside the form must not throw away a typed password.
      { title: 'Add a mailbox (IMAP)', size: 'lg', allowBackdropClose: false },
    );
  }, [popup, add, toasts]);

  const onAction = useCallback(
    (source: Source, action: SourceAction) => {
      if (action !== 'remove') {
        void act(source, action);
        return;
      }
      const ticket = popup.open(
        <ConfirmRemove
          source={source}
          onCancel={() => popup.close(ticket)}
          onConfirm={() => {
            popup.close(ticket);
            void act(source, 'remove');
          }}
        />,
        { title: `Remove ${source.name}?`, size: 'sm' },
      );
    },
    [popup, act],
  );

  return { openMailboxForm, onAction };
}
