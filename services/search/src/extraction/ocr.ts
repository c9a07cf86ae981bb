import { spawn } from 'node:child_process';
import type { ExtractionSettings } from './reader';

// Text from images (issue 39 item 4, docs/decisions/122): Debian's tesseract, run by the extraction child as a
// program of its own for each image or page — its address space capped at SEARCH_JOB_MEMORY_MB (prlimit), its
// time at what is left of the file's clock, one core (OMP_THREAD_LIMIT=1) so the API and the database keep the
// other. PDF pages are rendered by poppler's pdftoppm the same way. Images go in and text comes out through
// pipes: nothing is written to disk.

export class OcrError extends Error {
  constructor(
    readonly problem: 'unavailable' | 'timeout' | 'failed',
    detail: string,
  ) {
    super(detail);
    this.name = 'OcrError';
  }
}

/** The most text one run may print (a page holds a few KB; this is a bound, not an expectation). */
const MAX_OUTPUT_BYTES = 16 * 1024 * 1024;

interface RunOptions {
  input: Uint8Array;
  settings: Pick<ExtractionSettings, 'memoryMb'>;
  /** Ms since the epoch by which the program must be done; it is killed then. */
  deadline: number;
}

/** Runs a program under the address-space cap with `input` on stdin; its stdout, or an OcrError. */
export function runBounded(command: string, args: readonly string[], options: RunOptions): Promise<Buffer> {
  const left = options.deadline - Date.now();
  if (left <= 0) return Promise.reject(new OcrError('timeout', `${command}: no time left`));
  const addressSpace = options.settings.memoryMb * 1024 * 1024;
  return new Promise((resolve, reject) => {
    const child = spawn('prlimit', [`--as=${addressSpace}`, '--', command, ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', OMP_THREAD_LIMIT: '1', LC_ALL: 'C' },
    });
    const out: Buffer[] = [];
    let outBytes = 0;
    let errTail = '';
    let settled = false;
    const finish = (error: OcrError | undefined, value?: Buffer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error !== undefined) {
        child.kill('SIGKILL');
        reject(error);
      } else resolve(value ?? Buffer.alloc(0));
    };
    const timer = setTimeout(() => finish(new OcrError('timeout', `${command} ran out of time`)), left);
    child.stdout.on('data', (chunk: Buffer) => {
      outBytes += chunk.byteLength;
      if (outBytes > MAX_OUTPUT_BYTES) finish(new OcrError('failed', `${command} printed too much`));
      else out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      errTail = (errTail + chunk.toString('utf8')).slice(-2000);
    });
    child.on('error', (err: NodeJS.ErrnoException) =>
      finish(new OcrError(err.code === 'ENOENT' ? 'unavailable' : 'failed', err.message)),
    );
    child.on('close', (code) => {
      // prlimit exits 127 (or says "failed to execute") when the program is not installed.
      if (code === 127 || /failed to execute|No such file/.test(errTail))
        finish(new OcrError('unavailable', `${command} is not installed`));
      else if (code !== 0) finish(new OcrError('failed', `${command} exited ${code}: ${errTail.trim()}`));
      else finish(undefined, Buffer.concat(out));
    });
    // A program that stops reading (a damaged image) closes the pipe: that is its exit code's to tell.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input);
  });
}

/**
 * The text tesseract reads in an image (PNG, JPEG, TIFF, WebP, PNM), one string per page (a TIFF may hold
 * several; tesseract ends each page with a form feed).
 */
export async function recogniseImage(
  image: Uint8Array,
  settings: Pick<ExtractionSettings, 'memoryMb' | 'ocrLanguages'>,
  deadline: number,
): Promise<string[]> {
  const languages = /^[a-z_]+(\+[a-z_]+)*$/i.test(settings.ocrLanguages) ? settings.ocrLanguages : 'eng';
  const out = await runBounded('tesseract', ['stdin', 'stdout', '-l', languages, '--psm', '3'], {
    input: image,
    settings,
    deadline,
  });
  const pages = out.toString('utf8').split('\f');
  if (pages.length > 1 && pages.at(-1)?.trim() === '') pages.pop();
  return pages.map(cleanOcrText);
}

/** tesseract's text tidied: no trailing spaces, at most one blank line between paragraphs. */
function cleanOcrText(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** One page of a PDF rendered as a grey image (PGM) at `dpi`, for OCR. */
export function renderPdfPage(
  pdf: Uint8Array,
  page: number,
  dpi: number,
  settings: Pick<ExtractionSettings, 'memoryMb'>,
  deadline: number,
): Promise<Buffer> {
  const pageText = String(page);
  return runBounded(
    'pdftoppm',
    ['-r', String(Math.max(1, Math.round(dpi))), '-f', pageText, '-l', pageText, '-gray', '-'],
    {
      input: pdf,
      settings,
      deadline,
    },
  );
}
