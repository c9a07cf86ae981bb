// What reaches PostgreSQL's text search from a user's query. plainto_tsquery accepts any text (no syntax
// to get wrong), but PostgreSQL text cannot hold NUL and control characters only add noise, so they go.

const CONTROL = /\p{Cc}+/gu;

/** The query with control characters turned to spaces and runs of white space collapsed. */
export function normaliseQueryText(text: string): string {
  return text.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
}

/** A file name safe to store and show: no control characters, at most 255 characters, never empty. */
export function normaliseFileName(name: string): string {
  const cleaned = name.replace(CONTROL, '').trim().slice(0, 255);
  return cleaned === '' ? 'untitled' : cleaned;
}
