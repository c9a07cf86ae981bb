import { snippetParts } from './snippet';

/** A server snippet rendered as text with its `<mark>`s, never as HTML (see snippet.ts). */
export function SnippetText({ html }: { html: string }) {
  return (
    <>
      {snippetParts(html).map((part, index) =>
        part.marked ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one snippet never reorder.
          <mark key={index}>{part.text}</mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
