import type { DocumentText } from './document-text';
import { paragraphsOf } from './passages';

/** Plain text has no sections: paragraphs (blank-line separated) all sit in "text". */
export function readPlainText(text: string, fallbackTitle: string): DocumentText {
  const paragraphs = paragraphsOf(text);
  return {
    title: fallbackTitle,
    parts: 1,
    documentDate: null,
    blocks: paragraphs.map((paragraph) => ({ location: 'text', text: paragraph })),
    people: [],
    organisations: [],
  };
}
