import type { Source, SourceKind } from '@trove/contracts';
import { usePopup, useToasts } from '@trove/kit';
import { useCallback } from 'react';
import { KindChoice } from './kinds/kind-choice';
import { kindUi, type SourceButton, sourceUi } from './kinds/registry';
import type { FormAction, KindDialog } from './kinds/source-kind-ui';
import { ConfirmRemove, type SourceAction } from './source-card';
import type { SourcesState } from './use-sources';

const FORM_ACTIONS: ReadonlySet<SourceAction> = new Set<FormAction>(['password', 'trust', 'edit']);
const isFormAction = (action: SourceAction): action is FormAction => FORM_ACTIONS.has(action);

/**
 * The Connections page's dialogs, in the kit's popup (focus trapped, Escape closes): each kind's forms
 * (kinds/<kind>), a group's choice of kinds, and the confirmation before Remove. Everything else a card asks
 * for goes straight to `useSources`.
 */
export function useSourceDialogs(state: SourcesState) {
  const popup = usePopup();
  const toasts = useToasts();
  const { add, act } = state;

  const show = useCallback(
    (dialog: KindDialog, onDone: (source: Source) => void) => {
      const ticket = popup.open(
        dialog.render(
          (source) => {
            popup.close(ticket);
            onDone(source);
          },
          () => popup.close(ticket),
        ),
        // A click beside a form must not throw away a typed password.
        { title: dialog.title, size: dialog.size, allowBackdropClose: false },
      );
    },
    [popup],
  );

  /** A new source's form, whatever its kind; once saved, the source is on the list and said so. */
  const openForm = useCallback(
    (kind: SourceKind, start?: string) =>
      show(kindUi(kind).add(start), (source) => {
        add(source);
        toasts.show({ type: 'success', message: `${source.name} is connected. Its first sync starts now.` });
      }),
    [show, add, toasts],
  );

  /** A button above the sources: its kind's form, or its group's choice first ("Add a database"). */
  const onAdd = useCallback(
    (button: SourceButton) => {
      if ('kind' in button) {
        openForm(button.kind);
        return;
      }
      const ticket = popup.open(
        <KindChoice
          kinds={button.kinds}
          onChoose={(kind) => {
            popup.close(ticket);
            openForm(kind);
          }}
        />,
        { title: button.group.title, size: 'sm' },
      );
    },
    [popup, openForm],
  );

  const onAction = useCallback(
    (source: Source, action: SourceAction) => {
      if (isFormAction(action)) {
        const dialog = sourceUi(source).saved(source, action);
        if (dialog === null) return;
        show(dialog, (next) => {
          add(next);
          toasts.show({
            type: 'success',
            message: `${dialog.savedWords ?? 'Changes saved'}: ${next.name} syncs again now.`,
          });
        });
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
    [popup, act, add, toasts, show],
  );

  return { openForm, onAdd, onAction };
}
