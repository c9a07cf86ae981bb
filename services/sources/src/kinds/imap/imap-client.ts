import { isIP, type LookupFunction, connect as netConnect } from 'node:net';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';
import {
  type FetchMessageObject,
  ImapFlow,
  type ImapTransport,
  type ImapTransportSocket,
  type ListResponse,
  type MailboxObject,
} from 'imapflow';
import { SOURCE_FOLDERS_MAX } from '@trove/contracts';

// A thin, typed wrapper over imapflow for mail sources (issue 21, ADR 047): connect, list folders, read
// folder state and fetch by UID. No sync logic lives here: checkpoints, retries and deduplication belong
// to the sync engine, which calls these.

export type ImapSecurity = 'tls' | 'starttls';

export interface ImapConnectionSettings {
  host: string;
  port: number;
  /** 'tls': TLS from the first byte (port 993); 'starttls': plain, then STARTTLS before login (port 143). */
  security: ImapSecurity;
  username: string;
  /** The account or app password. Sent only inside TLS; never logged. */
  password: string;
  /**
   * SHA-256 of the certificate the user accepted for a server whose certificate no public CA vouches for
   * (a self-hosted Dovecot). Colon-separated or plain hex, any case.
   */
  pinnedSha256?: string | undefined;
  /**
   * Resolves the host for the TCP connection. The seam for the source address policy: it sees every
   * address actually dialled, on every connect, so a name that resolves to a refused address fails here.
   */
  lookup?: LookupFunction | undefined;
  /** DNS, TCP and TLS together; 15 s unless set. */
  connectTimeoutMs?: number | undefined;
  /** Bytes of one message kept in memory; a larger message is cut there and marked `truncated`. 64 MiB. */
  maxMessageBytes?: number | undefined;
}

/** What failed, in the words the "Test" button and a source's card use (issue 21, "The Connections page"). */
export type ImapErrorKind = 'dns' | 'tcp' | 'tls' | 'auth' | 'no-folders' | 'protocol' | 'limit';

/** The certificate a server presented, for a UI that asks the user whether to trust it. */
export interface PresentedCertificate {
  /** SHA-256 of the leaf certificate, colon-separated uppercase hex (Node's `fingerprint256`). */
  sha256: string;
  subject: string;
  issuer: string;
  validFrom: string;
  validTo: string;
  /** A public CA vouches for it and it names the host: no pin is needed. */
  trusted: boolean;
}

export class ImapError extends Error {
  override readonly name = 'ImapError';

  constructor(
    readonly kind: ImapErrorKind,
    message: string,
    readonly details: {
      /** The underlying code: Node's (ECONNREFUSED), imapflow's, or the server's response code. */
      code?: string | undefined;
      /** For `tls`: the certificate presented, so the user can compare and accept its fingerprint. */
      certificate?: PresentedCertificate | undefined;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: details.cause });
  }

  get code(): string | undefined {
    return this.details.code;
  }

  get certificate(): PresentedCertificate | undefined {
    return this.details.certificate;
  }
}

/** RFC 6154 special-use attributes. */
export type SpecialUse = '\\All' | '\\Archive' | '\\Drafts' | '\\Flagged' | '\\Junk' | '\\Sent' | '\\Trash';

export interface ImapFolder {
  /** The path to pass back to this module, decoded from modified UTF-7 ("Café", not "Caf&AOk-"). */
  path: string;
  /** The last part of the path. */
  name: string;
  delimiter: string;
  /** As the server flagged it; a folder merely named "Trash" or "Spam" has none. */
  specialUse: SpecialUse | undefined;
  selectedByDefault: boolean;
}

export interface FolderStatus {
  path: string;
  /** UIDs are valid only with this value; a new one means every UID the source kept is void. */
  uidValidity: number;
  uidNext: number;
  /** Present when the server has CONDSTORE (RFC 7162). */
  highestModseq: bigint | undefined;
  messages: number;
}

export interface ImapMessage {
  uid: number;
  /** RFC 822 size on the server (RFC 3501 RFC822.SIZE). */
  size: number;
  messageId: string | undefined;
  flags: string[];
  internalDate: Date | undefined;
  /** The raw message, buffered whole (up to `maxMessageBytes`). */
  source: Buffer;
  /** The message was larger than `maxMessageBytes` and `source` holds only its start. */
  truncated: boolean;
}

/** Where a folder was when the source last looked: the key to its CONDSTORE/QRESYNC deltas. */
export interface FolderCheckpoint {
  uidValidity: number;
  highestModseq: bigint;
}

export interface FlagChange {
  uid: number;
  flags: string[];
  modseq: bigint | undefined;
}

/** A delta is only meaningful under the same UIDVALIDITY; otherwise the folder must be read again. */
export type FolderDelta<T> =
  | { uidValidityChanged: false; highestModseq: bigint; items: T[] }
  | { uidValidityChanged: true; uidValidity: number };

// RFC 6154 leaves the choice to the client; issue 21 says: every folder except Trash, Junk/Spam and Drafts,
// told apart by the server's flag, never by a (localised, user-chosen) name. \All (Gmail's All Mail) and
// \Flagged (Gmail's Starred) are virtual: they show messages of the other folders again, so reading them would
// find each message twice, its one document flipping between two places, and a message unstarred (gone from
// Starred) would leave the index though it is still in INBOX. The user can still choose them.
const NOT_SELECTED_BY_DEFAULT: ReadonlySet<string> = new Set([
  '\\Trash',
  '\\Junk',
  '\\Drafts',
  '\\All',
  '\\Flagged',
]);
const SPECIAL_USES: ReadonlySet<string> = new Set([
  '\\All',
  '\\Archive',
  '\\Drafts',
  '\\Flagged',
  '\\Junk',
  '\\Sent',
  '\\Trash',
]);

export function isSelectedByDefault(specialUse: SpecialUse | undefined): boolean {
  return specialUse === undefined || !NOT_SELECTED_BY_DEFAULT.has(specialUse);
}

/** Same fingerprint, whether written "AB:CD:…" (browsers, Node) or "abcd…" (sha256sum). */
export function sameFingerprint(a: string, b: string): boolean {
  const normal = (value: string) => value.replace(/[^0-9a-f]/gi, '').toLowerCase();
  return normal(a).length === 64 && normal(a) === normal(b);
}

/** The fallback for servers without QRESYNC: UIDs the source holds that the folder no longer lists. */
export function uidsGone(known: readonly number[], present: readonly number[]): number[] {
  const now = new Set(present);
  return known.filter((uid) => !now.has(uid));
}

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'EAI_NONAME', 'ENODATA']);
const TCP_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EADDRNOTAVAIL',
  'EPIPE',
  'CONNECT_TIMEOUT',
  'NoConnection',
  'EConnectionClosed',
  'ClosedAfterConnectText',
  'ClosedAfterConnectTLS',
]);

interface ErrorFields {
  code?: unknown;
  authenticationFailed?: unknown;
  tlsFailed?: unknown;
  serverResponseCode?: unknown;
  responseText?: unknown;
  mailboxMissing?: unknown;
  _err?: unknown;
  cause?: unknown;
  message?: unknown;
}

/** The first code found on an error or what it wraps (imapflow keeps the socket's error in `_err`). */
function codeOf(error: ErrorFields, depth = 0): string | undefined {
  if (typeof error.code === 'string') return error.code;
  const inner = error._err ?? error.cause;
  return depth < 3 && typeof inner === 'object' && inner !== null
    ? codeOf(inner as ErrorFields, depth + 1)
    : undefined;
}

/** Sorts any failure of a connection or command into the kinds a UI can explain. */
/** imapflow's codes for a response past maxLiteralSize, maxLineLength or maxResponseSize. */
const TOO_LARGE_CODES: ReadonlySet<string> = new Set(['LiteralTooLarge', 'LineTooLarge', 'ResponseTooLarge']);

export function classifyImapError(error: unknown, host = 'the server'): ImapError {
  if (error instanceof ImapError) return error;
  const fields: ErrorFields = typeof error === 'object' && error !== null ? (error as ErrorFields) : {};
  const code = codeOf(fields);
  const text = typeof fields.message === 'string' ? fields.message : String(error);
  const serverCode = typeof fields.serverResponseCode === 'string' ? fields.serverResponseCode : undefined;
  if (code !== undefined && DNS_CODES.has(code)) {
    return new ImapError('dns', `${host} was not found (DNS: ${code}).`, { code, cause: error });
  }
  if (fields.authenticationFailed === true) {
    // Dovecot and others answer NO [UNAVAILABLE] when their password backend is down: not the user's
    // password, so not a reason to stop retrying (RFC 5530 §3).
    if (serverCode === 'UNAVAILABLE') {
      return new ImapError('protocol', `${host} could not check the password just now (UNAVAILABLE).`, {
        code: serverCode,
        cause: error,
      });
    }
    return new ImapError('auth', `${host} refused the username or password.`, {
      code: serverCode ?? code,
      cause: error,
    });
  }
  if (fields.tlsFailed === true || (code !== undefined && /^(ERR_SSL_|ERR_TLS_|EPROTO$)/.test(code))) {
    // OpenSSL's "wrong version number" is what TLS to a plain-text port looks like.
    const hint = code === 'ERR_SSL_WRONG_VERSION_NUMBER' ? ': the port may expect STARTTLS (143)' : '';
    return new ImapError('tls', `TLS with ${host} failed (${code ?? text})${hint}.`, { code, cause: error });
  }
  if (code !== undefined && TCP_CODES.has(code)) {
    return new ImapError('tcp', `${host} could not be reached or closed the connection (${code}).`, {
      code,
      cause: error,
    });
  }
  if (code !== undefined && TOO_LARGE_CODES.has(code)) {
    return new ImapError('protocol', `${host} sent more than a message can hold (${text}).`, {
      code,
      cause: error,
    });
  }
  if (code === 'GREETING_TIMEOUT') {
    // What STARTTLS to a TLS-from-the-first-byte port looks like: both sides wait for the other.
    return new ImapError('protocol', `${host} sent no IMAP greeting: the port may expect TLS (993).`, {
      code,
      cause: error,
    });
  }
  const detail = typeof fields.responseText === 'string' ? fields.responseText : text;
  return new ImapError('protocol', `${host} answered unexpectedly: ${detail}`, {
    code: fields.mailboxMissing === true ? 'NONEXISTENT' : (serverCode ?? code),
    cause: error,
  });
}

function presentedCertificate(socket: TLSSocket): PresentedCertificate | undefined {
  const peer = socket.getPeerCertificate();
  if (!peer || typeof peer.fingerprint256 !== 'string') return undefined;
  const name = (fields: Record<string, string | string[] | undefined> | undefined) =>
    Object.entries(fields ?? {})
      .map(([key, value]) => `${key}=${Array.isArray(value) ? value.join('+') : value}`)
      .join(', ');
  return {
    sha256: peer.fingerprint256,
    subject: name(peer.subject as unknown as Record<string, string>),
    issuer: name(peer.issuer as unknown as Record<string, string>),
    validFrom: peer.valid_from,
    validTo: peer.valid_to,
    trusted: socket.authorized,
  };
}

/**
 * Node's own sockets, with one check between the TLS handshake and the first IMAP byte: the certificate
 * is accepted if a public CA vouches for it and it names the host (what `rejectUnauthorized` checks), or
 * if its SHA-256 is the pinned one. Node calls `checkServerIdentity` only for chains that already
 * verified, so a self-signed certificate can only be judged after the handshake: hence
 * `rejectUnauthorized: false` here and the decision in `secureConnect`, before imapflow reads the
 * greeting or sends a password (ADR 047).
 */
function pinningTransport(
  settings: ImapConnectionSettings,
  presented: (certificate: PresentedCertificate) => void,
): ImapTransport {
  const tlsOptions = (servername: string | undefined) => ({
    host: settings.host,
    // SNI takes host names only (RFC 6066 §3).
    ...(servername !== undefined && isIP(servername) === 0 ? { servername } : {}),
    rejectUnauthorized: false,
    minVersion: 'TLSv1.2' as const,
  });
  const judge = (socket: TLSSocket, done: () => void) => {
    socket.once('secureConnect', () => {
      const certificate = presentedCertificate(socket);
      if (certificate === undefined) {
        socket.destroy(new ImapError('tls', `${settings.host} presented no certificate.`));
        return;
      }
      presented(certificate);
      if (socket.authorized) return done();
      const pinned = settings.pinnedSha256;
      if (pinned !== undefined && sameFingerprint(pinned, certificate.sha256)) return done();
      const reason = String(socket.authorizationError ?? 'untrusted');
      socket.destroy(
        new ImapError(
          'tls',
          pinned === undefined
            ? `${settings.host}'s certificate is not trusted (${reason}); accept its SHA-256 fingerprint ${certificate.sha256} only if it is your server's.`
            : `${settings.host}'s certificate is not the one accepted (${reason}): it now has SHA-256 ${certificate.sha256}.`,
          { code: reason, certificate },
        ),
      );
    });
  };
  return {
    connect(options, onConnect): ImapTransportSocket {
      if (!options.secure) {
        return netConnect({ host: settings.host, port: options.port, lookup: settings.lookup }, onConnect);
      }
      const socket = tlsConnect({
        ...tlsOptions(options.servername ?? settings.host),
        port: options.port,
        lookup: settings.lookup,
      });
      judge(socket, onConnect);
      return socket;
    },
    upgrade(socket, options, onSecure): ImapTransportSocket {
      const secure = tlsConnect({
        ...tlsOptions(options.servername ?? settings.host),
        socket: socket as unknown as import('node:net').Socket,
      });
      judge(secure, onSecure);
      return secure;
    },
  };
}

const DEFAULT_MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
/** A literal's room past the largest message read (an envelope's literals ride in the same response). */
const LITERAL_HEADROOM_BYTES = 1024 * 1024;
/** A response's room past the largest message read: its envelope, flags and framing. */
const RESPONSE_HEADROOM_BYTES = 8 * 1024 * 1024;
/** One line of a response outside its literals. */
const MAX_LINE_BYTES = 1024 * 1024;

/** One logged-in IMAP connection. Not safe for parallel calls: run one operation at a time. */
export class ImapSession {
  #client: ImapFlow;
  #host: string;
  #maxMessageBytes: number;
  #certificate: PresentedCertificate | undefined;

  private constructor(client: ImapFlow, settings: ImapConnectionSettings) {
    this.#client = client;
    this.#host = settings.host;
    this.#maxMessageBytes = settings.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  }

  /** Connects and logs in; throws an {@link ImapError} saying what failed. */
  static async connect(settings: ImapConnectionSettings): Promise<ImapSession> {
    let session: ImapSession | undefined;
    const client = new ImapFlow({
      host: settings.host,
      port: settings.port,
      secure: settings.security === 'tls',
      // Never log in over plain text: a STARTTLS the server does not offer is a failure, not a fallback.
      doSTARTTLS: settings.security === 'starttls' ? true : undefined,
      auth: { user: settings.username, pass: settings.password },
      transport: pinningTransport(settings, (certificate) => {
        if (session !== undefined) session.#certificate = certificate;
      }),
      qresync: true,
      disableAutoIdle: true,
      connectionTimeout: settings.connectTimeoutMs ?? 15_000,
      // A server's answers are bounded as they are read (issue 34 item 3; docs/decisions/081): imapflow's
      // defaults take 1 GiB literals and a response twice that, and inflate DEFLATE without a bound. A message
      // is never read past maxMessageBytes (a partial fetch), so a literal past that and its headroom is a
      // server sending what was not asked for.
      maxLiteralSize: (settings.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES) + LITERAL_HEADROOM_BYTES,
      maxResponseSize: (settings.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES) + RESPONSE_HEADROOM_BYTES,
      maxLineLength: MAX_LINE_BYTES,
      disableCompression: true,
      greetingTimeout: 10_000,
      logger: false,
      clientInfo: { name: 'Trove' },
    });
    session = new ImapSession(client, settings);
    // Errors after connect() arrive as commands' rejections; the event only needs a listener so that a
    // dropped connection does not become an unhandled 'error'.
    client.on('error', () => {});
    try {
      await client.connect();
    } catch (error) {
      client.close();
      throw classifyImapError(error, settings.host);
    }
    return session;
  }

  /** The certificate the server presented (undefined before TLS, which never happens after connect). */
  get certificate(): PresentedCertificate | undefined {
    return this.#certificate;
  }

  /** CONDSTORE gives flag changes by modseq; QRESYNC adds the UIDs expunged since a modseq (RFC 7162). */
  get capabilities(): { condstore: boolean; qresync: boolean } {
    return {
      condstore: this.#client.enabled.has('CONDSTORE'),
      qresync: this.#client.enabled.has('QRESYNC'),
    };
  }

  async listFolders(): Promise<ImapFolder[]> {
    const listed = await this.#run(() => this.#client.list());
    // A mailbox of more folders than a source can choose is cut to the first SOURCE_FOLDERS_MAX (a hostile
    // server can list millions; the test's card and the sync's plan hold them all).
    return listed
      .filter(selectable)
      .slice(0, SOURCE_FOLDERS_MAX)
      .map((folder) => {
        // imapflow also guesses special use from names ("Spam", "Papierkorb"); only the server's flag counts.
        const specialUse =
          folder.specialUseSource === 'extension' &&
          folder.specialUse !== undefined &&
          SPECIAL_USES.has(folder.specialUse)
            ? (folder.specialUse as SpecialUse)
            : undefined;
        return {
          path: folder.path,
          name: folder.name,
          delimiter: folder.delimiter,
          specialUse,
          selectedByDefault: isSelectedByDefault(specialUse),
        };
      });
  }

  async folderStatus(path: string): Promise<FolderStatus> {
    const { condstore } = this.capabilities;
    const status = await this.#run(() =>
      this.#client.status(path, {
        messages: true,
        uidNext: true,
        uidValidity: true,
        highestModseq: condstore,
      }),
    );
    if (status === false || status.uidValidity === undefined || status.uidNext === undefined) {
      throw new ImapError('protocol', `${this.#host} gave no status for ${path}.`);
    }
    return {
      path,
      uidValidity: Number(status.uidValidity),
      uidNext: status.uidNext,
      highestModseq: status.highestModseq,
      messages: status.messages ?? 0,
    };
  }

  /**
   * Up to `batch` messages with a UID above `lastUid`, in UID order, each with its raw source. The
   * folder is opened read-only (EXAMINE) and bodies are read with BODY.PEEK, so reading never marks mail
   * as read. Messages stream one by one: at most one source is held here at a time.
   */
  async *fetchSince(
    path: string,
    lastUid: number,
    batch: number,
    maxBytes = Number.POSITIVE_INFINITY,
  ): AsyncGenerator<ImapMessage> {
    if (!Number.isInteger(batch) || batch < 1) throw new RangeError('batch must be a positive integer');
    const folder = await this.#examine(path);
    try {
      // "n:*" always includes the highest UID, even below n (RFC 3501 §6.4.8), hence the filter.
      const found = await this.#run(() => this.#client.search({ uid: `${lastUid + 1}:*` }, { uid: true }));
      const candidates = (found === false || found === undefined ? [] : found)
        .filter((uid) => uid > lastUid)
        .sort((a, b) => a - b)
        .slice(0, batch);
      const uids = await this.#withinBytes(candidates, maxBytes);
      const last = uids.at(-1);
      if (last === undefined) return;
      const messages = this.#client.fetch(
        `${lastUid + 1}:${last}`,
        {
          uid: true,
          size: true,
          flags: true,
          internalDate: true,
          envelope: true,
          source: { maxLength: this.#maxMessageBytes },
        },
        { uid: true },
      );
      // FETCH answers in sequence order, which is UID order (RFC 3501 §2.3.1.1). The server may slip in
      // unsolicited rows (another client's flag change, RFC 3501 §7.4.2): they carry no source.
      let previous = lastUid;
      for (;;) {
        let next: IteratorResult<FetchMessageObject, unknown>;
        try {
          next = await messages.next();
        } catch (error) {
          throw classifyImapError(error, this.#host);
        }
        if (next.done) break;
        const row = next.value;
        if (row.source === undefined || row.uid <= previous || row.uid > last) continue;
        previous = row.uid;
        yield this.#message(row);
      }
    } finally {
      folder.release();
    }
  }

  /**
   * The first of `uids` (ascending) whose sizes (RFC822.SIZE, as far as a message is read) fit in `maxBytes`
   * together; the first always, so a batch always moves. One FETCH of sizes alone: a batch is sized by what it
   * will hold before a body is read, the first batch of a mailbox of large messages included.
   */
  async #withinBytes(uids: number[], maxBytes: number): Promise<number[]> {
    if (uids.length <= 1 || !Number.isFinite(maxBytes)) return uids;
    const sizes = new Map<number, number>();
    const rows = this.#client.fetch(`${uids[0]}:${uids.at(-1)}`, { uid: true, size: true }, { uid: true });
    try {
      for await (const row of rows) if (row.uid !== undefined) sizes.set(row.uid, row.size ?? 0);
    } catch (error) {
      throw classifyImapError(error, this.#host);
    }
    let total = 0;
    const kept: number[] = [];
    for (const uid of uids) {
      total += Math.min(sizes.get(uid) ?? 0, this.#maxMessageBytes);
      if (kept.length > 0 && total > maxBytes) break;
      kept.push(uid);
    }
    return kept;
  }

  /** Messages whose flags changed after `since.highestModseq` (CONDSTORE, RFC 7162 §3.1.4). */
  async changedSince(path: string, since: FolderCheckpoint): Promise<FolderDelta<FlagChange>> {
    this.#require('condstore');
    return this.#delta(path, since, async () => {
      // One entry per message: an unsolicited FETCH for a change this session has not yet been told of
      // can arrive before the answer's own row for the same message; the later row is the newer state.
      const changes = new Map<number, FlagChange>();
      for await (const message of this.#client.fetch(
        '1:*',
        { uid: true, flags: true },
        { uid: true, changedSince: since.highestModseq },
      )) {
        if (message.flags === undefined) continue;
        changes.set(message.uid, { uid: message.uid, flags: messageFlags(message), modseq: message.modseq });
      }
      return [...changes.values()].sort((a, b) => a.uid - b.uid);
    });
  }

  /** UIDs expunged after `since.highestModseq`: VANISHED (EARLIER) of a QRESYNC fetch (RFC 7162 §3.2.6). */
  async vanishedSince(path: string, since: FolderCheckpoint): Promise<FolderDelta<number>> {
    this.#require('qresync');
    return this.#delta(path, since, async () => {
      const vanished = new Set<number>();
      const collect = (event: { path: string; uid?: number | undefined; vanished: boolean }) => {
        if (event.vanished && event.uid !== undefined && event.path === path) vanished.add(event.uid);
      };
      this.#client.on('expunge', collect);
      try {
        // Only UIDs are asked for; the server answers VANISHED (EARLIER) for what went, before the rows.
        for await (const _ of this.#client.fetch(
          '1:*',
          { uid: true },
          { uid: true, changedSince: since.highestModseq },
        )) {
          // The changed messages themselves are changedSince's business.
        }
      } finally {
        this.#client.off('expunge', collect);
      }
      return [...vanished].sort((a, b) => a - b);
    });
  }

  /** Every UID in the folder, ascending: with {@link uidsGone}, the expunge check for servers without QRESYNC. */
  async listUids(path: string): Promise<{ uidValidity: number; uids: number[] }> {
    const folder = await this.#examine(path);
    try {
      const uids = await this.#run(() => this.#client.search({ all: true }, { uid: true }));
      return {
        uidValidity: Number(folder.mailbox.uidValidity),
        uids: (uids === false || uids === undefined ? [] : uids).sort((a, b) => a - b),
      };
    } finally {
      folder.release();
    }
  }

  /** Logs out; closes the socket if the server does not answer. */
  async close(): Promise<void> {
    try {
      await this.#client.logout();
    } catch {
      this.#client.close();
    }
  }

  async #delta<T>(path: string, since: FolderCheckpoint, read: () => Promise<T[]>): Promise<FolderDelta<T>> {
    const folder = await this.#examine(path);
    try {
      const uidValidity = Number(folder.mailbox.uidValidity);
      if (uidValidity !== since.uidValidity) return { uidValidityChanged: true, uidValidity };
      // Taken before the read: a change landing during it is seen again next time rather than missed.
      const highestModseq = folder.mailbox.highestModseq ?? since.highestModseq;
      const items = await this.#run(read);
      return { uidValidityChanged: false, highestModseq, items };
    } finally {
      folder.release();
    }
  }

  /**
   * Opens `path` read-only with a fresh EXAMINE even when it is open already, so UIDVALIDITY and
   * HIGHESTMODSEQ are the server's values now, not those of an earlier select on this session. CLOSE
   * after EXAMINE removes nothing (RFC 3501 §6.4.2), and this session never selects read-write.
   */
  async #examine(path: string): Promise<{ mailbox: MailboxObject; release(): void }> {
    return this.#run(async () => {
      if (this.#client.mailbox !== false) await this.#client.mailboxClose();
      const lock = await this.#client.getMailboxLock(path, { readOnly: true });
      const mailbox = this.#client.mailbox;
      if (mailbox === false) {
        lock.release();
        throw new ImapError('protocol', `${this.#host} did not open ${path}.`);
      }
      return { mailbox, release: () => lock.release() };
    });
  }

  #require(capability: 'condstore' | 'qresync'): void {
    if (!this.capabilities[capability]) {
      throw new ImapError('protocol', `${this.#host} does not support ${capability.toUpperCase()}.`, {
        code: 'MissingServerExtension',
      });
    }
  }

  #message(message: FetchMessageObject): ImapMessage {
    const size = message.size ?? message.source?.length ?? 0;
    const source = message.source ?? Buffer.alloc(0);
    const internalDate = message.internalDate === undefined ? undefined : new Date(message.internalDate);
    return {
      uid: message.uid,
      size,
      messageId: message.envelope?.messageId || undefined,
      flags: messageFlags(message),
      internalDate,
      source,
      truncated: source.length < size,
    };
  }

  async #run<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      throw classifyImapError(error, this.#host);
    }
  }
}

/** The message's stored flags, sorted; \Recent is left out: it describes this session, not the message. */
function messageFlags(message: FetchMessageObject): string[] {
  return [...(message.flags ?? [])].filter((flag) => flag !== '\\Recent').sort();
}

function selectable(folder: ListResponse): boolean {
  return !folder.flags.has('\\Noselect') && !folder.flags.has('\\NonExistent');
}

/** Connects and logs in; throws an {@link ImapError} saying what failed. */
export function connectImap(settings: ImapConnectionSettings): Promise<ImapSession> {
  return ImapSession.connect(settings);
}

/**
 * What the "Test" button runs: connect, log in, list folders, log out. Resolves with the folders and the
 * certificate; rejects with an {@link ImapError} whose kind names the step that failed.
 */
export async function testImapConnection(
  settings: ImapConnectionSettings,
): Promise<{ folders: ImapFolder[]; certificate: PresentedCertificate | undefined }> {
  const session = await connectImap(settings);
  try {
    const folders = await session.listFolders();
    if (folders.length === 0) {
      throw new ImapError('no-folders', `${settings.host} lists no folders this account can read.`);
    }
    return { folders, certificate: session.certificate };
  } finally {
    await session.close();
  }
}
