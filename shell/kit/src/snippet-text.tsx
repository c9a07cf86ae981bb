import type { SnippetPart } from '@trove/contracts';

/**
 * A search snippet (contracts' SnippetSchema): each run rendered as text, the matched ones in `<mark>`. The
 * runs are plain text, so a `<script>` in someone's document stays visible text and nothing is parsed.
 */
export function SnippetText({ parts }: { parts: readonly SnippetPart[] }) {
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
