import { UPLOAD_MAX_FILE_BYTES } from '@trove/contracts';

// A file share's bounds (issue 43 item 2), the SOURCE_WEBDAV_* settings (env.ts). Each has a safe default, so a
// kind handed none (a check from the Connections page) is still bounded.

export interface WebdavTuning {
  /** SOURCE_WEBDAV_FILE_MAX_BYTES: larger files are listed but not read (the uploads' bound by default). */
  fileMaxBytes: number;
  /** SOURCE_WEBDAV_TIMEOUT_MS: one request, connection to last byte. */
  requestTimeoutMs: number;
  /** SOURCE_WEBDAV_FILES_MAX: files and folders one walk lists at most; past it the share is refused. */
  entriesMax: number;
  /** SOURCE_WEBDAV_DEPTH_MAX: folders deep; deeper is a loop (a symlink to a parent) or a refusal. */
  depthMax: number;
  /** Files read per step (one transaction), and their bytes together. */
  batchFiles: number;
  batchBytes: number;
}

export const WEBDAV_DEFAULTS: WebdavTuning = {
  fileMaxBytes: UPLOAD_MAX_FILE_BYTES,
  requestTimeoutMs: 30_000,
  entriesMax: 200_000,
  depthMax: 32,
  batchFiles: 100,
  batchBytes: 32 * 1024 * 1024,
};

/** A PROPFIND answer larger than this is refused (a folder of 200,000 files is about 60 MB of XML). */
export const PROPFIND_MAX_BYTES = 64 * 1024 * 1024;
