import type { DocumentKind } from '@trove/contracts';

const UNITS = ['KB', 'MB', 'GB'] as const;

/** 1 KB = 1024 bytes, one decimal under 10 ("2.4 MB", "25 MB"), as file managers show sizes. */
export function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${shown} ${UNITS[unit]}`;
}

export const KIND_LABELS: Record<DocumentKind, string> = {
  pdf: 'PDF',
  docx: 'Word',
  odt: 'OpenDocument text',
  rtf: 'RTF',
  xlsx: 'Excel',
  xls: 'Excel 97–2003',
  ods: 'OpenDocument sheet',
  csv: 'CSV',
  pptx: 'PowerPoint',
  odp: 'OpenDocument slides',
  txt: 'Text',
  md: 'Markdown',
  html: 'HTML',
  eml: 'Email',
  image: 'Image',
  zip: 'Archive',
  code: 'Code',
  json: 'JSON',
  event: 'Calendar event',
};

const PART_NAMES: Record<DocumentKind, [one: string, many: string]> = {
  pdf: ['page', 'pages'],
  docx: ['section', 'sections'],
  odt: ['section', 'sections'],
  rtf: ['section', 'sections'],
  xlsx: ['sheet', 'sheets'],
  xls: ['sheet', 'sheets'],
  ods: ['sheet', 'sheets'],
  pptx: ['slide', 'slides'],
  odp: ['slide', 'slides'],
  image: ['page', 'pages'],
  // An archive's parts are its entries, each a document of its own (docs/decisions/121).
  zip: ['entry', 'entries'],
  code: ['line', 'lines'],
  json: ['line', 'lines'],
  event: ['event', 'events'],
  html: ['section', 'sections'],
  md: ['section', 'sections'],
  csv: ['row', 'rows'],
  txt: ['part', 'parts'],
  // ADR 011: an email's parts are its body and each readable attachment.
  eml: ['part', 'parts'],
};

/** "2 pages", "14 rows"; an em dash while the document is not read yet. */
export function partsLabel(kind: DocumentKind, parts: number | null): string {
  if (parts === null) return '—';
  const [one, many] = PART_NAMES[kind];
  return `${parts.toLocaleString('en')} ${parts === 1 ? one : many}`;
}
