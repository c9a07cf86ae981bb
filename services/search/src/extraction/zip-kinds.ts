import type { DocumentKind } from '@trove/contracts';
import { containsAscii } from './detect-kind';
import { odfMimetype } from './office-package';

// Which zip-shaped kind some bytes are, by content: a zip's entry names are stored uncompressed, so the main
// part of an office file is visible in its raw bytes, and an OpenDocument file stores its mimetype first.

export const isZip = (bytes: Uint8Array) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3 && bytes[3] === 4;

/** A zip that holds a part of this name. */
export const zipHolds = (bytes: Uint8Array, part: string) => isZip(bytes) && containsAscii(bytes, part);

const ODF_KINDS: Readonly<Record<string, DocumentKind>> = {
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
};

/** The kind of a zip by what it holds: an office file's main part or mimetype, else an archive. */
export function zipKind(bytes: Uint8Array): DocumentKind | undefined {
  if (!isZip(bytes)) return undefined;
  const odf = odfMimetype(bytes);
  if (odf !== undefined) return ODF_KINDS[odf] ?? 'zip';
  if (containsAscii(bytes, 'word/document.xml')) return 'docx';
  if (containsAscii(bytes, 'xl/workbook.xml')) return 'xlsx';
  if (containsAscii(bytes, 'ppt/presentation.xml')) return 'pptx';
  return 'zip';
}
