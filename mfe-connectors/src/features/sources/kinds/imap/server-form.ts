import {
  IMAP_DEFAULT_PORTS,
  type ImapSecurity,
  type SourceTestResult,
  type ImapTestSource,
  TestSourceSchema,
} from '@trove/contracts';
import { guessImapServer } from './guess-server';

// The IMAP form's rules (issue 21), pure: what it fills in by itself, how it checks what was typed (the
// contracts' TestSourceSchema, the one the service parses with), and the words for a failed test.

export interface ServerFormValues {
  email: string;
  host: string;
  port: string;
  security: ImapSecurity;
  username: string;
  password: string;
}

export type ServerField = keyof ServerFormValues;
export type ServerFormErrors = Partial<Record<ServerField, string>>;

/** In the order the form shows them: the first with an error gets the focus. */
export const SERVER_FIELDS: readonly ServerField[] = [
  'email',
  'host',
  'port',
  'security',
  'username',
  'password',
];

export const emptyServerForm: ServerFormValues = {
  email: '',
  host: '',
  port: String(IMAP_DEFAULT_PORTS.tls),
  security: 'tls',
  username: '',
  password: '',
};

/** The security select's choices, in the order shown. */
export const IMAP_SECURITY_OPTIONS: readonly { value: ImapSecurity; label: string }[] = [
  { value: 'tls', label: 'SSL/TLS' },
  { value: 'starttls', label: 'STARTTLS' },
];

/** Which fields the person has typed in themselves: those are never overwritten by a guess. */
export type EditedFields = ReadonlySet<ServerField>;

/**
 * A change to one field, with what follows from it: a new address guesses host, port and security and
 * is the user name, unless those were typed by hand; a change of security moves a default port along.
 */
export function changeField(
  values: ServerFormValues,
  field: ServerField,
  value: string,
  edited: EditedFields,
): ServerFormValues {
  const next = { ...values, [field]: value } as ServerFormValues;
  if (field === 'email') {
    const guess = guessImapServer(value);
    if (guess && !edited.has('host') && !edited.has('port') && !edited.has('security')) {
      next.host = guess.host;
      next.port = String(guess.port);
      next.security = guess.security;
    }
    if (!edited.has('username')) next.username = value.trim();
  }
  if (field === 'security') {
    const previous = IMAP_DEFAULT_PORTS[values.security];
    if (values.port === String(previous)) next.port = String(IMAP_DEFAULT_PORTS[value as ImapSecurity]);
  }
  return next;
}

export type CheckedForm = { ok: true; request: ImapTestSource } | { ok: false; errors: ServerFormErrors };

/** The test request the form's values make, or each field's first message from the contracts' schema. */
export function checkServerForm(
  values: ServerFormValues,
  extra: { folders?: string[] | null; pinnedSha256?: string | null } = {},
): CheckedForm {
  const port = values.port.trim();
  const parsed = TestSourceSchema.safeParse({
    kind: 'imap',
    settings: {
      email: values.email,
      host: values.host,
      // An empty or non-numeric port is a NaN, which the schema refuses with its own message.
      port: port === '' ? Number.NaN : Number(port),
      security: values.security,
      username: values.username,
      folders: extra.folders ?? null,
      pinned_certificate_sha256: extra.pinnedSha256 ?? null,
    },
    password: values.password,
  });
  // The form's request is an IMAP one by its kind.
  if (parsed.success) return { ok: true, request: parsed.data as ImapTestSource };
  const errors: ServerFormErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] === 'settings' ? issue.path[1] : issue.path[0];
    if (typeof key === 'string' && (SERVER_FIELDS as readonly string[]).includes(key)) {
      const field = key as ServerField;
      errors[field] ??= issue.message;
    }
  }
  return { ok: false, errors };
}

export type FailedTest = Extract<SourceTestResult, { ok: false }>;

export interface FailureText {
  /** What failed, in words, naming the host and port the person typed. */
  title: string;
  /** What the server said happened. */
  detail: string;
  /** What to do about it. */
  action: string;
}

/** The words for a failed test (issue 21: "Test" reports exactly what failed). */
export function testFailureText(
  result: FailedTest,
  server: { host: string; port: number | string },
): FailureText {
  const { host, port } = server;
  const titles: Record<FailedTest['step'], string> = {
    dns: `Can’t find the host ${host}. Check its spelling.`,
    refused: `${host} is on a private or local network, which this server is not allowed to reach.`,
    tcp: `Can’t reach ${host} on port ${port}.`,
    // Issue 38: only a certificate the server presented can be "not trusted"; a plain-text server asked for
    // STARTTLS presents none, and its title said so beside "Server does not support STARTTLS".
    tls:
      result.certificate === null
        ? `A secure connection to ${host} on port ${port} could not be made.`
        : `The certificate of ${host} is not trusted.`,
    auth: 'Wrong user name or password: the server refused them.',
    folders: 'The mailbox has no folders to read.',
    server: `${host} answered something unexpected for a mail server.`,
  };
  const action =
    result.step === 'auth'
      ? `${result.action} If your account uses two-step sign-in, make an app password at your provider and use it here.`
      : result.action;
  return { title: titles[result.step], detail: result.reason, action };
}

/**
 * The folders to save: null while the choice is the server's default selection (so folders the server
 * adds later are read too), else the chosen paths.
 */
export function chosenFolders(chosen: ReadonlySet<string>, defaults: readonly string[]): string[] | null {
  const same = chosen.size === defaults.length && defaults.every((path) => chosen.has(path));
  return same ? null : [...chosen];
}
