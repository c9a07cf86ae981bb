// What kinds of file Trove reads and the words for them, with no zod: the landing page and the search
// syntax read these, and a page that validates nothing must not download a validation library for them
// (issue 41 item 2). search.ts re-exports all of it, so the package's index is unchanged.

/** What an upload can be (issue 10 "Accepted"), named by the short kind the filter and facets use. */
export const DOCUMENT_KINDS = [
  'pdf',
  'docx',
  'odt',
  'rtf',
  'xlsx',
  'xls',
  'ods',
  'csv',
  'pptx',
  'odp',
  'txt',
  'md',
  'html',
  'eml',
  'image',
  'zip',
  'code',
  'json',
  'event',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/**
 * Every kind of file Trove reads, in one table: the extensions and media types that name it, and the words
 * for it. The upload check (the drop zone and the service), the file picker's `accept`, extraction's
 * claimed kind and the search syntax's `type:` all read this, so they cannot drift apart. Extraction's
 * reader table (services/search/src/extraction/readers.ts) has one reader per kind of this one.
 */
export const DOCUMENT_FORMATS: Readonly<
  Record<
    DocumentKind,
    {
      /** As lists name it: "PDF, DOCX, … or JSON". */
      label: string;
      /** In a sentence: "This file says it is a PDF". */
      article: string;
      /** Kinds of one family are listed together: "spreadsheets (XLSX, ODS, CSV)". */
      family?: 'documents' | 'spreadsheets' | 'slides';
      extensions: readonly string[];
      mediaTypes: readonly string[];
    }
  >
> = {
  pdf: { label: 'PDF', article: 'a PDF', extensions: ['pdf'], mediaTypes: ['application/pdf'] },
  docx: {
    label: 'DOCX',
    article: 'a Word document (DOCX)',
    family: 'documents',
    extensions: ['docx', 'docm'],
    mediaTypes: [
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.ms-word.document.macroenabled.12',
    ],
  },
  odt: {
    label: 'ODT',
    article: 'an OpenDocument text (ODT)',
    family: 'documents',
    extensions: ['odt'],
    mediaTypes: ['application/vnd.oasis.opendocument.text'],
  },
  rtf: {
    label: 'RTF',
    article: 'an RTF document',
    family: 'documents',
    extensions: ['rtf'],
    mediaTypes: ['application/rtf', 'text/rtf'],
  },
  xlsx: {
    label: 'XLSX',
    article: 'an Excel workbook (XLSX)',
    family: 'spreadsheets',
    extensions: ['xlsx', 'xlsm'],
    mediaTypes: [
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.ms-excel.sheet.macroenabled.12',
    ],
  },
  xls: {
    label: 'XLS',
    article: 'an Excel 97–2003 workbook (XLS)',
    family: 'spreadsheets',
    extensions: ['xls'],
    mediaTypes: ['application/vnd.ms-excel'],
  },
  ods: {
    label: 'ODS',
    article: 'an OpenDocument spreadsheet (ODS)',
    family: 'spreadsheets',
    extensions: ['ods'],
    mediaTypes: ['application/vnd.oasis.opendocument.spreadsheet'],
  },
  csv: {
    label: 'CSV',
    article: 'a CSV file',
    family: 'spreadsheets',
    extensions: ['csv'],
    mediaTypes: ['text/csv', 'application/csv'],
  },
  pptx: {
    label: 'PPTX',
    article: 'a PowerPoint presentation (PPTX)',
    family: 'slides',
    extensions: ['pptx', 'pptm'],
    mediaTypes: [
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'application/vnd.ms-powerpoint.presentation.macroenabled.12',
    ],
  },
  odp: {
    label: 'ODP',
    article: 'an OpenDocument presentation (ODP)',
    family: 'slides',
    extensions: ['odp'],
    mediaTypes: ['application/vnd.oasis.opendocument.presentation'],
  },
  txt: {
    label: 'TXT',
    article: 'a text file',
    extensions: ['txt', 'text', 'log'],
    mediaTypes: ['text/plain'],
  },
  md: {
    label: 'Markdown',
    article: 'a Markdown file',
    extensions: ['md', 'markdown'],
    mediaTypes: ['text/markdown', 'text/x-markdown'],
  },
  html: {
    label: 'HTML',
    article: 'an HTML page',
    extensions: ['html', 'htm', 'xhtml'],
    mediaTypes: ['text/html', 'application/xhtml+xml'],
  },
  eml: { label: 'EML', article: 'an email (EML)', extensions: ['eml'], mediaTypes: ['message/rfc822'] },
  image: {
    label: 'images (PNG, JPEG, TIFF, WebP, HEIC)',
    article: 'an image',
    extensions: ['png', 'jpg', 'jpeg', 'tif', 'tiff', 'webp', 'heic', 'heif'],
    mediaTypes: ['image/png', 'image/jpeg', 'image/tiff', 'image/webp', 'image/heic', 'image/heif'],
  },
  zip: {
    label: 'archives (ZIP, TAR.GZ)',
    article: 'an archive (ZIP or TAR.GZ)',
    // A .tar.gz ends in .gz: any gzip is taken as a tar, and one that holds none says so on the document.
    extensions: ['zip', 'tar', 'tgz', 'gz'],
    mediaTypes: [
      'application/zip',
      'application/x-zip-compressed',
      'application/x-tar',
      'application/gzip',
      'application/x-gzip',
      'application/x-gtar',
    ],
  },
  code: {
    label: 'source code',
    article: 'a source file',
    extensions: [
      'ts',
      'tsx',
      'mts',
      'cts',
      'js',
      'jsx',
      'mjs',
      'cjs',
      'py',
      'go',
      'java',
      'rb',
      'rs',
      'c',
      'h',
      'cpp',
      'cc',
      'cxx',
      'hpp',
      'cs',
      'php',
      'sh',
      'bash',
      'sql',
      'yaml',
      'yml',
      'toml',
      'ini',
    ],
    mediaTypes: [
      'text/javascript',
      'application/javascript',
      'text/x-python',
      'text/x-go',
      'text/x-java-source',
      'text/x-c',
      'text/x-c++src',
      'application/x-sh',
      'application/sql',
      'application/yaml',
      'text/yaml',
      'application/toml',
    ],
  },
  json: { label: 'JSON', article: 'a JSON file', extensions: ['json'], mediaTypes: ['application/json'] },
  // A calendar's events (issue 43 item 1): what a calendar source brings in, and an .ics file uploaded.
  event: {
    label: 'ICS',
    article: 'a calendar file (ICS)',
    extensions: ['ics'],
    mediaTypes: ['text/calendar'],
  },
};

const formats = DOCUMENT_KINDS.map((kind) => [kind, DOCUMENT_FORMATS[kind]] as const);

/** File extensions and the kind they name (the upload check; the search syntax's `type:` reads them too). */
export const EXTENSION_KINDS: Readonly<Record<string, DocumentKind>> = Object.fromEntries(
  formats.flatMap(([kind, format]) => format.extensions.map((extension) => [extension, kind])),
);

const MEDIA_TYPE_KINDS: Readonly<Record<string, DocumentKind>> = Object.fromEntries(
  formats.flatMap(([kind, format]) => format.mediaTypes.map((mediaType) => [mediaType, kind])),
);

/**
 * The kinds in the words people use, in the table's order, a family's kinds together: "PDF, documents (DOCX,
 * ODT, RTF), spreadsheets (XLSX, ODS, CSV), …, source code or JSON" (`and` for "and").
 */
export function documentKindsText(conjunction: 'or' | 'and'): string {
  const items: string[] = [];
  let family: string | undefined;
  let members: string[] = [];
  const flush = () => {
    if (family !== undefined) items.push(`${family} (${members.join(', ')})`);
    family = undefined;
    members = [];
  };
  for (const [, format] of formats) {
    if (format.family !== family) flush();
    if (format.family === undefined) items.push(format.label);
    else {
      family = format.family;
      members.push(format.label);
    }
  }
  flush();
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}`;
}

/** For a file picker's `accept`: every extension and media type of the table. */
export const DOCUMENT_ACCEPT = [
  ...formats.flatMap(([, format]) => format.extensions.map((extension) => `.${extension}`)),
  ...formats.flatMap(([, format]) => format.mediaTypes),
].join(',');

/**
 * The kind of an upload from its file name, else its media type; undefined when it is not accepted.
 * The extension wins because browsers send `application/octet-stream` (or nothing) for .md and .eml.
 */
export function documentKindOf(fileName: string, mediaType: string): DocumentKind | undefined {
  const extension = /\.([A-Za-z0-9]{1,10})$/.exec(fileName)?.[1]?.toLowerCase();
  if (extension !== undefined && EXTENSION_KINDS[extension] !== undefined) return EXTENSION_KINDS[extension];
  const bare = mediaType.split(';')[0]?.trim().toLowerCase() ?? '';
  return MEDIA_TYPE_KINDS[bare];
}
