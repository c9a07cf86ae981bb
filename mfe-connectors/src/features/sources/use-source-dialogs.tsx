import type { CalendarProtocol, DatabaseSourceKind, Source } from '@trove/contracts';
import { usePopup, useToasts } from '@trove/kit';
import { useCallback } from 'react';
import { previewDatabase, previewSavedDatabase, uploadSqliteFile } from './database-api';
import { DatabaseForm, DatabaseKindChoice } from './database-form';
import { ImapForm } from './imap-form';
import { isUrlKind, URL_KIND_TITLES, URL_KINDS, type UrlKind } from './kinds/registry';
import { UrlSourceForm } from './kinds/url-source-form';
import { CalendarForm } from './kinds/calendar/calendar-form';
import { ConfirmRemove, type SourceAction } from './source-card';
import { EditSourceForm, TrustCertificateForm, UpdatePasswordForm } from './source-forms';
import {
  createSource,
  testNewSource,
  testSavedSource,
  testSourceSettings,
  updateSource,
} from './sources-api';
import type { SourcesState } from './use-sources';

const formApi = { test: testSourceSettings, create: createSource };
const calendarApi = { ...formApi, update: updateSource, testSaved: testSavedSource };
const savedApi = { test: testSavedSource, update: updateSource };
const databaseApi = {
  preview: previewDatabase,
  previewSaved: previewSavedDatabase,
  create: createSource,
  update: updateSource,
  upload: uploadSqliteFile,
};

const urlApi = {
  test: testNewSource,
  testSaved: testSavedSource,
  create: createSource,
  update: updateSource,
};

const databaseTitles: Readonly<Record<DatabaseSourceKind, string>> = {
  postgres: 'Add a PostgreSQL server',
  mysql: 'Add a MySQL or MariaDB server',
  sqlite: 'Add a SQLite file',
};

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

  /** A source just added, whatever its kind: on the list, and said so. */
  const connected = useCallback(
    (source: Source) => {
      add(source);
      toasts.show({ type: 'success', message: `${source.name} is connected. Its first sync starts now.` });
    },
    [add, toasts],
  );

  const openMailboxForm = useCallback(() => {
    const ticket = popup.open(
      <ImapForm
        api={formApi}
        onCancel={() => popup.close(ticket)}
        onConnected={(source) => {
          popup.close(ticket);
          connected(source);
        }}
      />,
      // A click beside the form must not throw away a typed password.
      { title: 'Add a mailbox (IMAP)', size: 'lg', allowBackdropClose: false },
    );
  }, [popup, connected]);

  /** "Add server" on CalDAV, "Use a calendar address" on Google's and Microsoft's calendars (issue 43). */
  const openCalendarForm = useCallback(
    (protocol: CalendarProtocol) => {
      const ticket = popup.open(
        <CalendarForm
          api={calendarApi}
          protocol={protocol}
          onCancel={() => popup.close(ticket)}
          onConnected={(source) => {
            popup.close(ticket);
            connected(source);
          }}
        />,
        { title: 'Add a calendar', size: 'lg', allowBackdropClose: false },
      );
    },
    [popup, connected],
  );

  /** "Add server" on PostgreSQL and MySQL, "Add file" on SQLite (issue 22). */
  const openDatabaseForm = useCallback(
    (kind: DatabaseSourceKind) => {
      const ticket = popup.open(
        <DatabaseForm
          kind={kind}
          api={databaseApi}
          onCancel={() => popup.close(ticket)}
          onSaved={(source) => {
            popup.close(ticket);
            connected(source);
          }}
        />,
        { title: databaseTitles[kind], size: 'xl', allowBackdropClose: false },
      );
    },
    [popup, connected],
  );

  /** A file share's or a repository's form (issue 43): new, or a saved source's settings. */
  const openUrlForm = useCallback(
    (kind: UrlKind, source?: Source) => {
      const ticket = popup.open(
        <UrlSourceForm
          words={URL_KINDS[kind]}
          api={urlApi}
          source={source}
          onCancel={() => popup.close(ticket)}
          onSaved={(next) => {
            popup.close(ticket);
            if (source === undefined) connected(next);
            else {
              add(next);
              toasts.show({ type: 'success', message: `Changes saved: ${next.name} syncs again now.` });
            }
          }}
        />,
        {
          title: source === undefined ? URL_KIND_TITLES[kind] : `Edit ${source.name}`,
          size: 'lg',
          allowBackdropClose: false,
        },
      );
    },
    [popup, connected, add, toasts],
  );

  /** "Add a database" above the sources: which kind, then its form. */
  const chooseDatabase = useCallback(() => {
    const ticket = popup.open(
      <DatabaseKindChoice
        onChoose={(kind) => {
          popup.close(ticket);
          openDatabaseForm(kind);
        }}
      />,
      { title: 'Add a database', size: 'sm' },
    );
  }, [popup, openDatabaseForm]);

  const onAction = useCallback(
    (source: Source, action: SourceAction) => {
      if (isUrlKind(source.kind) && (action === 'edit' || action === 'password')) {
        openUrlForm(source.kind, source);
        return;
      }
      if (
        source.kind !== 'imap' &&
        source.kind !== 'webdav' &&
        source.kind !== 'git' &&
        source.kind !== 'calendar' &&
        action === 'edit'
      ) {
        const ticket = popup.open(
          <DatabaseForm
            kind={source.kind}
            source={source}
            api={databaseApi}
            onCancel={() => popup.close(ticket)}
            onSaved={(next) => {
              popup.close(ticket);
              add(next);
              toasts.show({ type: 'success', message: `Changes saved: ${next.name} syncs again now.` });
            }}
          />,
          {
            title: `Edit ${source.name}`,
            size: 'xl',
            allowBackdropClose: false,
          },
        );
        return;
      }
      if (
        source.kind === 'calendar' &&
        action !== 'remove' &&
        action !== 'sync' &&
        action !== 'pause' &&
        action !== 'resume'
      ) {
        // A calendar's settings and its app password are one form (issue 43).
        const ticket = popup.open(
          <CalendarForm
            api={calendarApi}
            protocol={source.settings.protocol}
            source={source}
            onCancel={() => popup.close(ticket)}
            onConnected={(next) => {
              popup.close(ticket);
              add(next);
              toasts.show({ type: 'success', message: `Changes saved: ${next.name} syncs again now.` });
            }}
          />,
          { title: `Edit ${source.name}`, size: 'lg', allowBackdropClose: false },
        );
        return;
      }
      if (action === 'password' || action === 'trust' || action === 'edit') {
        // The password and certificate forms are a mailbox's; a database source asks for its settings.
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
    [popup, act, add, toasts, openUrlForm],
  );

  return { openMailboxForm, openDatabaseForm, openUrlForm, openCalendarForm, chooseDatabase, onAction };
}
