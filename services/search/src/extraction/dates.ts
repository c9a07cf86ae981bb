import * as chrono from 'chrono-node';

// Dates in a passage (docs/product/uploads-and-search.md#facts "dates"), read relative to the document's own date (issue 10 part 5):
// "next Friday" in a mail sent on 3 March means the Friday after 3 March, not after the upload.

export interface MentionedDate {
  text: string;
  iso: string;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Every calendar date mentioned in `text`, as YYYY-MM-DD. A bare clock time ("at 10:30") is not a date. */
export function findDates(text: string, reference: Date): MentionedDate[] {
  return chrono.parse(text, reference).flatMap((result) => {
    const start = result.start;
    const namesADay = start.isCertain('day') || start.isCertain('weekday') || start.isCertain('month');
    if (!namesADay) return [];
    const year = start.get('year');
    const month = start.get('month');
    const day = start.get('day');
    if (year === null || month === null || day === null) return [];
    // chrono keeps the preposition ("on 15 April") and, after a month, the comma that could lead to a year
    // ("in October, and"); the fact shown with a result is the date itself.
    const shown = result.text.replace(/^on\s+/i, '').replace(/[\s,;:]+$/, '');
    return [{ text: shown, iso: `${pad(year, 4)}-${pad(month)}-${pad(day)}` }];
  });
}
