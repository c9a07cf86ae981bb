/** Splits `text` around the given terms (case-insensitive), so the panel can mark them. Pure. */
export function highlightParts(text: string, terms: string[]): { text: string; marked: boolean }[] {
  const words = [...new Set(terms.map((term) => term.trim()).filter((term) => term.length > 1))];
  if (words.length === 0) return [{ text, marked: false }];
  // Longest first, so "invoice total" wins over "invoice".
  words.sort((a, b) => b.length - a.length);
  const pattern = new RegExp(
    `(${words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`,
    'giu',
  );
  const lower = new Set(words.map((word) => word.toLocaleLowerCase()));
  return text
    .split(pattern)
    .filter((piece) => piece !== '')
    .map((piece) => ({ text: piece, marked: lower.has(piece.toLocaleLowerCase()) }));
}
