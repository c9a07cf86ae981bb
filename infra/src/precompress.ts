import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.json', '.svg', '.txt', '.map']);
// Below this, the headers of a compressed answer cost more than they save.
const MIN_BYTES = 1024;

/**
 * Writes `x.gz` (gzip -9) and `x.br` (brotli q11) beside every compressible file, once, at build time,
 * so nginx serves them with `gzip_static`/`brotli_static` instead of compressing each request at a low
 * level. A compressed copy that is not smaller is not written.
 */
export function precompress(folder: string): {
  files: number;
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
} {
  const totals = { files: 0, rawBytes: 0, gzipBytes: 0, brotliBytes: 0 };
  for (const entry of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
    const path = join(folder, entry);
    if (!COMPRESSIBLE.has(extname(path)) || !statSync(path).isFile()) continue;
    const raw = readFileSync(path);
    if (raw.length < MIN_BYTES) continue;
    const gzip = gzipSync(raw, { level: 9 });
    const brotli = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    if (gzip.length < raw.length) writeFileSync(`${path}.gz`, gzip);
    if (brotli.length < raw.length) writeFileSync(`${path}.br`, brotli);
    totals.files += 1;
    totals.rawBytes += raw.length;
    totals.gzipBytes += Math.min(gzip.length, raw.length);
    totals.brotliBytes += Math.min(brotli.length, raw.length);
  }
  return totals;
}
