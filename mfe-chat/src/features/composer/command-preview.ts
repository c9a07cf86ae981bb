import { type Destination, destinationLabel, parseCommand } from '@trove/contracts';

/**
 * The composer's live preview (issue 11): what the shared grammar (docs/product/public-pages.md#command-grammar, the same parser as the
 * landing page's demo) reads in what is being typed, in words a person checks at a glance.
 */
export interface CommandPreview {
  /** "Find", "Summarize"…, or "Ask" for a plain question. */
  action: string;
  /** What will be searched for. */
  query: string;
  /** Where the answer goes once it is ready; null when it stays in the chat. */
  destination: string | null;
  /** Something the person should fix or know before sending. */
  warning: string | null;
}

const VERB_LABELS: Record<string, string> = {
  find: 'Find',
  summarize: 'Summarize',
  extract: 'Extract',
  draft: 'Draft',
  export: 'Export',
  share: 'Share',
  send: 'Send',
};

function destinationText(destination: Destination): { label: string | null; warning: string | null } {
  switch (destination.kind) {
    case 'unknown':
      return { label: null, warning: null };
    case 'email':
      return destination.address === ''
        ? { label: 'email', warning: 'Add an address after “email”, or use Send on the answer.' }
        : { label: `email ${destination.address}`, warning: null };
    default:
      return { label: destinationLabel(destination), warning: null };
  }
}

export function commandPreview(text: string): CommandPreview | null {
  if (text.trim() === '') return null;
  // Chats never fill in the demo's placeholder address: a real mail must go where the person said.
  const command = parseCommand(text, { placeholders: false });
  const arrow = /(?:→|->|=>)\s*(\S.*)?$/.exec(text);
  const named = arrow !== null;
  const { label, warning } = destinationText(command.destination);
  const unknownDestination =
    named && command.destination.kind === 'unknown' && (arrow?.[1] ?? '').trim() !== ''
      ? 'Send to email, chat, teams or drive.'
      : null;
  const question = text.split(/\s*(?:→|->|=>)/)[0]?.trim() ?? '';
  return command.knownVerb && command.verb
    ? {
        action: VERB_LABELS[command.verb] ?? command.verb,
        query: command.query,
        destination: label,
        warning: warning ?? unknownDestination,
      }
    : { action: 'Ask', query: question, destination: label, warning: warning ?? unknownDestination };
}
