import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
// The one list of connector settings and their variables (see connectorsConfigJson below).
import { connectorSettingsFromEnv } from '../../../mfe-connectors/src/features/connectors/connector-state';

/** Every file under `dir`, as sorted forward-slash paths relative to it. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * docs/decisions/001: a remote's version is the first 12 hex characters of a sha256 over its built
 * files, so a folder's content never changes under its name. Paths are hashed with the bytes, so a
 * renamed file is a new version too.
 */
export async function versionOf(dir: string): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await listFiles(dir)) {
    hash.update(file);
    hash.update('\0');
    hash.update(await readFile(path.join(dir, file)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

export interface RemotesConfig {
  remotes: Record<string, { entry: string }>;
}

/** The runtime map after a build: the fresh versions replace their remotes' entries, the rest stay. */
export function mergeRemotesConfig(
  previous: RemotesConfig | null,
  fresh: ReadonlyArray<{ name: string; version: string }>,
): RemotesConfig {
  const remotes = { ...(previous?.remotes ?? {}) };
  for (const { name, version } of fresh) {
    remotes[name] = { entry: `/remotes/${name}/${version}/mf-manifest.json` };
  }
  return { remotes };
}

export function parseRemotesConfig(text: string): RemotesConfig | null {
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const remotes = (value as { remotes?: unknown }).remotes;
    if (typeof remotes !== 'object' || remotes === null) return null;
    const valid = Object.entries(remotes).filter(
      (entry): entry is [string, { entry: string }] =>
        typeof entry[1] === 'object' &&
        entry[1] !== null &&
        typeof (entry[1] as { entry?: unknown }).entry === 'string',
    );
    return { remotes: Object.fromEntries(valid) };
  } catch {
    return null;
  }
}

/** Text for a PDF literal string: backslash and parentheses are escaped, anything outside ASCII dropped. */
function pdfText(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '').replace(/[\\()]/g, (char) => `\\${char}`);
}

/**
 * A one-page PDF written by hand (docs/decisions/001: /security.pdf): the placeholder until the real brief
 * is written. ASCII only, so character offsets are byte offsets and the xref table is exact.
 */
export function securityBriefPdf(productName: string, tagline: string): Buffer {
  const lines: Array<[size: number, text: string]> = [
    [24, `${productName} security brief`],
    [13, tagline],
    [11, ''],
    [11, 'The full brief is being written. It will cover how your data is handled,'],
    [11, 'encrypted and isolated, who can access it, and the local-only mode.'],
    [11, `Until then, ask the ${productName} team for the current answers.`],
  ];
  let y = 720;
  const content = lines
    .map(([size, text]) => {
      const line = `BT /F1 ${size} Tf 72 ${y} Td (${pdfText(text)}) Tj ET`;
      y -= size * 1.8;
      return line;
    })
    .join('\n');

  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    `<< /Title (${pdfText(`${productName} security brief`)}) /Producer (Trove build) >>`,
  ];

  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefOffset = pdf.length;
  // Each xref entry is exactly 20 bytes: 10-digit offset, 5-digit generation, type, two-byte line end.
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(pdf, 'ascii');
}

/**
 * /config/connectors.json (docs/decisions/004): the connectors' public OAuth client ids, from the
 * environment, empty when unset. Written at build and again by `npm start`, so setting a variable and
 * restarting turns a connector card from Configure to Ready without a rebuild. The variable names live
 * with the connector catalog, which is the one place that knows which settings exist.
 */
export function connectorsConfigJson(env: NodeJS.ProcessEnv): string {
  return `${JSON.stringify(connectorSettingsFromEnv(env), null, 2)}\n`;
}

/** Writes it whole, then renames it into place, so nginx never serves half of it. */
export async function writeConnectorsConfig(wwwRoot: string, env: NodeJS.ProcessEnv): Promise<void> {
  const file = path.join(wwwRoot, 'config', 'connectors.json');
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, connectorsConfigJson(env));
  await rename(temp, file);
}
