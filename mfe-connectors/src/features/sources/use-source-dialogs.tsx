import type { Source } from '@trove/contracts';
import { usePopup, useToasts } from '@trove/kit';
import { useCallback } from 'react';
import { ImapForm } from './imap-form';
import { ConfirmRemove, type SourceAction } from './source-card';
import { EditSourceForm, TrustCertificateForm, UpdatePasswordForm } from './source-forms';
import { createSource, testSavedSource, testSourceSettings, updateSource } from './sources-api';
import type { SourcesState } from './use-sources';

const formApi = { test: testSourceSettings, create: createSource };
const savedApi = { test: testSavedSource, update: updateSource };

const forms = {
  password: { Form: UpdatePasswordForm, title: 'Update the password of', saved: 'Password updated' },
  trust: { Form: TrustCertificateForm, title: 'Trust the certificate of', saved: 'Certificate trusted' },
  edit: { Form: EditSourceForm, title: 'Edit', saved: 'Changes saved' },
} as const;

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
      if (action === 'password' || action === 'trust' || action === 'edit') {
        // These forms are a mailbox's; a database source's own forms come with its Connections form (issue 22).
        if (source.kind !== 'imap') return;
        const { Form, title, saved } = forms[action];
        const ticket = popup.open(
          <Form
            source={source}
            api={savedApi}
            onCancel={() => popup.close(ticket)}
            onSaved={(next) => {
              popup.close(ticket);
              add(next);
              toasts.show({ type: 'success', message: `${saved}: ${next.name} syncs again now.` });
            }}
          />,
          {
            title: `${title} ${source.name}`,
            size: action === 'edit' ? 'lg' : 'md',
            allowBackdropClose: false,
          },
        );
        return;
      }
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
    [popup, act, add, toasts],
  );

  return { openMailboxForm, onAction };
}
