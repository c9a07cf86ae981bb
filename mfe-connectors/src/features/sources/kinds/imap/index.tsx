import { countOf, MESSAGES } from '../../source-status';
import { createSource, testSavedSource, testSourceSettings, updateSource } from '../../sources-api';
import type { SourceKindUi } from '../source-kind-ui';
import { ImapForm } from './imap-form';
import { EditSourceForm, TrustCertificateForm, UpdatePasswordForm } from './imap-saved-forms';

// A mailbox read over IMAP (issue 21): "Add a mailbox", and a saved one's new password, certificate trust
// and settings, each its own form.

const newApi = { test: testSourceSettings, create: createSource };
const savedApi = { test: testSavedSource, update: updateSource };
const securityLabels = { tls: 'SSL/TLS', starttls: 'STARTTLS' } as const;

const savedForms = {
  password: { Form: UpdatePasswordForm, title: 'Update the password of', saved: 'Password updated' },
  trust: { Form: TrustCertificateForm, title: 'Trust the certificate of', saved: 'Certificate trusted' },
  edit: { Form: EditSourceForm, title: 'Edit', saved: 'Changes saved' },
} as const;

export const imapKind: SourceKindUi<'imap'> = {
  kind: 'imap',
  add: () => ({
    title: 'Add a mailbox (IMAP)',
    size: 'lg',
    render: (done, cancel) => <ImapForm api={newApi} onConnected={done} onCancel={cancel} />,
  }),
  saved: (source, action) => {
    const { Form, title, saved } = savedForms[action];
    return {
      title: `${title} ${source.name}`,
      size: action === 'edit' ? 'lg' : 'md',
      savedWords: saved,
      render: (done, cancel) => <Form source={source} api={savedApi} onSaved={done} onCancel={cancel} />,
    };
  },
  fromCatalog: (connector) => (connector.id === 'imap' ? {} : null),
  button: { label: 'Add a mailbox', order: 5, primary: true },
  meta: ({ settings: { host, port, security } }) => [`IMAP · ${host}:${port} · ${securityLabels[security]}`],
  units: MESSAGES,
  remove: {
    what: (documents) => `${countOf(documents, MESSAGES)} and their attachments`,
    forgets: ', and forgets its password',
    kept: 'The mailbox itself is not touched.',
    addAgain: 'server',
    comesBack: 'the mail',
  },
};
