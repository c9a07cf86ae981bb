/**
 * The command grammar (docs/product/public-pages.md#command-grammar): a verb, an arrow, then a destination. One parser for the landing page's
 * hero demo and "how it works" flow and for Chats (issue 11), so every place reads a command the same way.
 * Pure: no DOM, no clock, no imports, so the landing page can take it without pulling in zod.
 */

/** Verbs the demo knows (docs/product/public-pages.md#command-grammar: "a verb such as find, summarize, draft, export or share"). */
export const COMMAND_VERBS = ['find', 'summarize', 'draft', 'export', 'share', 'extract', 'send'] as const;
export type CommandVerb = (typeof COMMAND_VERBS)[number];

/** docs/product/public-pages.md#command-grammar defaults for a destination named without a target. */
export const DEFAULT_CHAT_CHANNEL = '#general';
export const DEFAULT_TEAMS_CHANNEL = 'General';
/** docs/product/public-pages.md#command-grammar: "an address, with a placeholder default". */
export const DEFAULT_EMAIL_ADDRESS = 'team@example.com';
export const DEFAULT_DRIVE_FOLDER = 'My Drive';

export type Destination =
  | { kind: 'chat'; channel: string }
  | { kind: 'teams'; channel: string }
  | { kind: 'email'; address: string }
  | { kind: 'drive'; folder: string }
  | { kind: 'unknown' };

export interface ParseOptions {
  /**
   * Fill a destination named without a target with docs/product/public-pages.md#command-grammar's placeholder (the demo's behaviour, the
   * default). Chats turn it off: a real mail must not go to team@example.com, so `-> email` with no
   * valid address reads as `{ kind: 'email', address: '' }` and the chat asks for one.
   */
  placeholders?: boolean;
}

export interface ParsedCommand {
  /** The first word, lower-cased; null when the command is empty. */
  verb: string | null;
  /** Whether the verb is one the demo knows. */
  knownVerb: boolean;
  /** What to look for: the words between the verb and the arrow. */
  query: string;
  destination: Destination;
}

// "→", "->" and "=>" all read as the arrow: people type what their keyboard has.
const ARROW = /\s*(?:→|->|=>)\s*/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

function parseDestination(raw: string, placeholders: boolean): Destination {
  const text = raw.trim();
  if (text === '') return { kind: 'unknown' };
  // A bare channel: "#finance".
  if (text.startsWith('#')) return { kind: 'chat', channel: channelName(text) };
  const match = /^(\S+)\s*(.*)$/.exec(text);
  const word = (match?.[1] ?? '').toLowerCase();
  const rest = (match?.[2] ?? '').trim();
  switch (word) {
    case 'chat':
    case 'slack':
      return { kind: 'chat', channel: rest ? channelName(rest) : DEFAULT_CHAT_CHANNEL };
    case 'teams':
      return { kind: 'teams', channel: teamsChannel(rest) };
    case 'email':
    case 'mail': {
      const address = rest.replace(/^to\s+/i, '').trim();
      if (EMAIL.test(address)) return { kind: 'email', address };
      return { kind: 'email', address: placeholders ? DEFAULT_EMAIL_ADDRESS : '' };
    }
    case 'drive': {
      const folder = /^\/\S*(?:\s+\S+)*/.exec(rest)?.[0];
      return { kind: 'drive', folder: folder && folder !== '/' ? folder : DEFAULT_DRIVE_FOLDER };
    }
    default:
      // A bare address reads as email; anything else is not a destination the demo knows.
      return EMAIL.test(text) ? { kind: 'email', address: text } : { kind: 'unknown' };
  }
}

function channelName(text: string): string {
  const name = text.trim().split(/\s+/)[0]?.replace(/^#+/, '') ?? '';
  return name ? `#${name}` : DEFAULT_CHAT_CHANNEL;
}

/** docs/product/public-pages.md#command-grammar: a Teams channel is quoted ("Finance Ops") or plain (Finance); default General. */
function teamsChannel(text: string): string {
  const quoted = /^["“'‘](.+?)["”'’]/.exec(text);
  if (quoted?.[1]?.trim()) return quoted[1].trim();
  const plain = text.replace(/^#/, '').trim();
  return plain || DEFAULT_TEAMS_CHANNEL;
}

/** What was asked: the command before its arrow ("invoices -> #finance" asks "invoices"), all of it without one. */
export function askedPart(input: string): string {
  return (input.trim().split(ARROW)[0] ?? '').trim();
}

export function parseCommand(input: string, options: ParseOptions = {}): ParsedCommand {
  const [head = '', ...tail] = input.trim().split(ARROW);
  const words = head.trim().split(/\s+/).filter(Boolean);
  const verb = words[0]?.toLowerCase() ?? null;
  return {
    verb,
    knownVerb: verb !== null && (COMMAND_VERBS as readonly string[]).includes(verb),
    query: words.slice(1).join(' '),
    // No arrow means no destination was named.
    destination:
      tail.length > 0 ? parseDestination(tail.join(' '), options.placeholders ?? true) : { kind: 'unknown' },
  };
}

/** How the preview names a destination ("#finance", "Teams · Finance Ops", "Unknown"). */
export function destinationLabel(destination: Destination): string {
  switch (destination.kind) {
    case 'chat':
      return destination.channel;
    case 'teams':
      return `Teams · ${destination.channel}`;
    case 'email':
      return destination.address;
    case 'drive':
      return `Drive · ${destination.folder}`;
    case 'unknown':
      return 'Unknown';
  }
}
