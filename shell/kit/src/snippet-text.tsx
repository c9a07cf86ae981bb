import type { SnippetPart } from '@trove/contracts';
import { Text } from './ui/text';

/** Said where a result has no text of its own (an email of images alone): what it was found by. */
export const NO_SNIPPET_TEXT = 'No text to show: it matched by its title, people or file name.';

/**
 * A search snippet (contracts' SnippetSchema): each run rendered as text, the matched ones in `<mark>`. The
 * runs are plain text, so a `<script>` in someone's document stays visible text and nothing is parsed. A
 * passage with no text (a document found by its title alone, docs/decisions/066) says so in muted words.
 */
export function SnippetText({ parts }: { parts: readonly SnippetPart[] }) {
  if (parts.every((part) => part.text.trim() === '')) {
    return (
      <Text as="span" tone="muted">
        {NO_SNIPPET_TEXT}
      </Text>
    );
  }
  return (
    <>
      {parts.map((part, index) =>
        part.marked ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the runs of one snippet never reorder.
          <mark key={index}>{part.text}</mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
