import type { DocumentKind } from '@trove/contracts';
import { containsAscii } from './detect-kind';
import { imageFormat } from './image';
import { isCompoundFile, isEncryptedOffice } from './office-package';
import { zipKind } from './zip-kinds';

/**
 * The kind some bytes are by their content alone, for the binary kinds that say so in their first bytes (or,
 * for zips, their part names): what a file whose name lies is read as. Text kinds have no signature.
 */
export function sniffKind(bytes: Uint8Array): DocumentKind | undefined {
  // PDF readers accept a header anywhere in the first 1024 bytes (PDF 32000-1 annex H.3 note 3).
  if (containsAscii(bytes.subarray(0, 1024 + 5), '%PDF-')) return 'pdf';
  const zip = zipKind(bytes);
  if (zip !== undefined) return zip;
  if (imageFormat(bytes) !== undefined) return 'image';
  // A compound file is legacy Office; one with a "Workbook" stream (named in UTF-16LE) is an XLS.
  if (isCompoundFile(bytes) && !isEncryptedOffice(bytes) && containsAscii(bytes, 'W\0o\0r\0k\0b\0o\0o\0k\0'))
    return 'xls';
  if (/^\s*\{\\rtf/.test(new TextDecoder('latin1').decode(bytes.subarray(0, 32)))) return 'rtf';
  return undefined;
}
