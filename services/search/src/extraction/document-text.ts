import type { TextBlock } from './passages';
import type { Person } from './people';

/** What every reader returns: the document's text in blocks, before passages and facts. */
export interface DocumentText {
  title: string | null;
  parts: number;
  documentDate: Date | null;
  blocks: TextBlock[];
  /** Entities the document names as a whole (an email's headers), added to every passage's facts. */
  people: Person[];
  organisations: string[];
}
