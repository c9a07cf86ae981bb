import {
  DOCUMENT_ACCEPT,
  type DocumentKind,
  documentKindOf,
  documentKindsText,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_MAX_FILES,
} from '@trove/contracts';
import { humanSize } from './format';

/** What the checks read of a file: a browser `File` has these, and tests pass plain objects. */
export interface FileLike {
  name: string;
  type: string;
  size: number;
}

export interface UploadLimits {
  maxFileBytes: number;
  maxFiles: number;
}

/** Issue 10: 25 MB a file, 200 files a batch — the same numbers the service enforces. */
export const UPLOAD_LIMITS: UploadLimits = {
  maxFileBytes: UPLOAD_MAX_FILE_BYTES,
  maxFiles: UPLOAD_MAX_FILES,
};

/** The kinds in the words people use, in the order the drop zone names them. */
export const ACCEPTED_KINDS_TEXT = documentKindsText('or');

/** For the file picker's `accept`: extensions and the media types browsers report for them. */
export const ACCEPT_ATTRIBUTE = DOCUMENT_ACCEPT;

export const CHECK_MESSAGES = {
  unsupported: (appName: string) => `Not a type ${appName} can index: ${ACCEPTED_KINDS_TEXT}.`,
  empty: 'The file is empty.',
  tooLarge: (size: number, max: number) =>
    `${humanSize(size)} is over the ${humanSize(max)} limit for one file.`,
  overBatch: (max: number) => `Over the ${max}-file limit for one batch; add it again once these are in.`,
} as const;

export interface CheckedFiles<F extends FileLike> {
  accepted: { file: F; kind: DocumentKind }[];
  rejected: { file: F; reason: string }[];
}

/**
 * Checks a batch before anything is sent (issue 10 "Accepted"), so a wrong file is named at once and the
 * rest go on. The service checks again; this only saves a round trip and a refused batch.
 */
export function checkFiles<F extends FileLike>(
  files: readonly F[],
  appName: string,
  limits: UploadLimits = UPLOAD_LIMITS,
): CheckedFiles<F> {
  const checked: CheckedFiles<F> = { accepted: [], rejected: [] };
  for (const file of files) {
    const kind = documentKindOf(file.name, file.type);
    if (kind === undefined) checked.rejected.push({ file, reason: CHECK_MESSAGES.unsupported(appName) });
    else if (file.size === 0) checked.rejected.push({ file, reason: CHECK_MESSAGES.empty });
    else if (file.size > limits.maxFileBytes)
      checked.rejected.push({ file, reason: CHECK_MESSAGES.tooLarge(file.size, limits.maxFileBytes) });
    else if (checked.accepted.length >= limits.maxFiles)
      checked.rejected.push({ file, reason: CHECK_MESSAGES.overBatch(limits.maxFiles) });
    else checked.accepted.push({ file, kind });
  }
  return checked;
}
