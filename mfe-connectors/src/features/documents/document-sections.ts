import type { ContextPassage } from '@trove/contracts';

/** The passage id a `#passage-<id>` fragment names, or null. */
export function passageFromHash(hash: string): string | null {
  const match = /^#passage-([1-9]\d{0,17})$/.exec(hash);
  return match?.[1] ?? null;
}

export interface DocumentSection {
  /** The place the passages share ("page 2", "section Terms", "body"); '' when they have none. */
  location: string;
  passages: ContextPassage[];
}

/**
 * A document's passages as the page shows them: one section per run of passages at the same place
 * ("page 2" holds three paragraphs), in document order. The places come from extraction (docs/decisions/011).
 */
export function documentSections(passages: readonly ContextPassage[]): DocumentSection[] {
  const sections: DocumentSection[] = [];
  for (const passage of passages) {
    const last = sections.at(-1);
    if (last !== undefined && last.location === passage.location) last.passages.push(passage);
    else sections.push({ location: passage.location, passages: [passage] });
  }
  return sections;
}

/** A place as a heading: "page 2" → "Page 2". */
export const placeHeading = (location: string) => location.charAt(0).toUpperCase() + location.slice(1);

/** A byte count as a person reads it: "812 bytes", "14.2 KB", "3.1 MB". */
export function sizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
