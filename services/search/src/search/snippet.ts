// ts_headline marks matches but does not escape the passage, which is the user's own file text: it may
// hold `<script>`. So the SQL marks matches with two control characters no extracted text keeps (see
// query-text.ts), and this turns the result into escaped HTML with `<mark>` around the matches.

export const MARK_START = '\u0002';
export const MARK_STOP = '\u0003';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function snippetHtml(marked: string): string {
  return marked
    .replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char)
    .replaceAll(MARK_START, '<mark>')
    .replaceAll(MARK_STOP, '</mark>');
}
