// The security brief served at /security.pdf (docs/product/public-pages.md#landing-links, docs/product/public-pages.md#security-section), generated at build time.
//
// Written as PDF objects by hand rather than with a PDF library: the brief is text only, and the
// standard Helvetica fonts every PDF reader carries need no embedding, so the whole writer is this file
// and the build gains no dependency. It states the claims of docs/product/public-pages.md#claims, in the same words as the landing
// page's security section (mfe-marketing/src/features/content/security.ts).

/** Helvetica advance widths (1/1000 em) for ASCII 32–126, from the Adobe AFM; used to wrap lines. */
const HELVETICA_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278,
  500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469,
  556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500,
  278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/** Text width in points. Bold runs ~6% wider than regular; wrapping uses that margin for both. */
export function textWidth(text: string, size: number, bold = false): number {
  let units = 0;
  for (const char of text) {
    const code = char.charCodeAt(0);
    units += code >= 32 && code <= 126 ? (HELVETICA_WIDTHS[code - 32] ?? 556) : 556;
  }
  return (units / 1000) * size * (bold ? 1.06 : 1);
}

/** Greedy word wrap to `width` points. */
export function wrap(text: string, size: number, width: number, bold = false): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, size, bold) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A PDF literal string in WinAnsi: escapes, the few typographic characters mapped, others dropped. */
function pdfString(text: string): string {
  const mapped = text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/—/g, '--')
    .replace(/–/g, '-')
    .replace(/…/g, '...')
    .replace(/[^\x20-\x7e]/g, '');
  return `(${mapped.replace(/[\\()]/g, (char) => `\\${char}`)})`;
}

export interface BriefSection {
  title: string;
  paragraphs?: readonly string[];
  bullets?: readonly string[];
}

/** The brief's words. Every docs/product/public-pages.md#claims claim appears here; the brief test checks each one. */
export function briefSections(productName: string): BriefSection[] {
  return [
    {
      title: 'Summary',
      paragraphs: [
        `${productName} searches mail, file storage, chat, docs, issues and calendars, extracts dates, totals and entities, and sends summaries to chat, Teams, email or docs. It is private by design: the search index is built and kept on your device, and nothing about your usage leaves it unless you choose otherwise.`,
      ],
    },
    {
      title: 'Where your data lives',
      bullets: [
        'On-device index: documents are indexed and searched on your own device; no copy is made on our servers to make search work.',
        'Keys in the operating system keychain: connector tokens and encryption keys are stored in the OS keychain (Keychain on macOS and iOS, Credential Manager on Windows, the Secret Service on Linux, Keystore on Android), never in a plain file.',
        'Zero telemetry by default: no usage analytics are sent unless an administrator or the user turns them on.',
        'Optional cloud relay: Cloud assist is off by default. When enabled, it relays only what a run needs, to reach sources a device cannot or to share runs with a team.',
      ],
    },
    {
      title: 'Connectors',
      bullets: [
        'Read-only, least-privilege connectors: every connector requests the narrowest read scope the source offers. Trove never sends, edits or deletes anything in a source.',
        '12+ connectors across mail, files, chat, docs, issue trackers, calendars, code hosting and support, signed in with OAuth where the source supports it; server databases are indexed read-only.',
      ],
    },
    {
      title: 'Encryption',
      bullets: [
        'AES-256 at rest for the local index and for anything the optional relay stores.',
        'TLS 1.2+ for every connection between the apps, the sources and the relay.',
      ],
    },
    {
      title: 'Identity and access',
      bullets: [
        'Single sign-on with SAML/OIDC, and SCIM provisioning for joiners and leavers.',
        'Roles and logs: basic roles and logs on Pro; advanced DLP and audit on Enterprise.',
        'DLP APIs let your data-loss-prevention tools inspect what is shared.',
      ],
    },
    {
      title: 'Compliance',
      bullets: [
        'SOC 2: our audit is in progress.',
        'GDPR aligned: data minimisation by design, with a data processing agreement on request.',
        'Data residency for Enterprise relays.',
        'BYOK (bring your own key) is on the roadmap.',
      ],
    },
    {
      title: 'Performance',
      paragraphs: [
        'A median query returns in about 200 ms (p95 up to 350 ms), because ranking runs against the local index.',
      ],
    },
    {
      title: 'Contact',
      paragraphs: [
        'Security questions, questionnaires and disclosure reports: use the "Talk to security" link on our website (/contact?topic=security). A person reads every message.',
      ],
    },
  ];
}

const PAGE = { width: 612, height: 792, margin: 64 } as const;

interface Line {
  text: string;
  size: number;
  bold: boolean;
  x: number;
  /** Space above the line, in points. */
  before: number;
  color?: [number, number, number];
  /** A bullet drawn in the margin to the left of this line. */
  marker?: boolean;
}

function layout(productName: string, tagline: string): Line[] {
  const width = PAGE.width - PAGE.margin * 2;
  const lines: Line[] = [
    { text: `${productName} security brief`, size: 26, bold: true, x: PAGE.margin, before: 0 },
    { text: tagline, size: 13, bold: false, x: PAGE.margin, before: 10, color: [0.29, 0.3, 0.88] },
    {
      text: 'How your data is stored, encrypted and accessed, and what we claim about it.',
      size: 11,
      bold: false,
      x: PAGE.margin,
      before: 8,
      color: [0.36, 0.4, 0.47],
    },
  ];
  for (const section of briefSections(productName)) {
    lines.push({ text: section.title, size: 15, bold: true, x: PAGE.margin, before: 26 });
    for (const paragraph of section.paragraphs ?? []) {
      wrap(paragraph, 11, width).forEach((text, index) => {
        lines.push({ text, size: 11, bold: false, x: PAGE.margin, before: index === 0 ? 8 : 3 });
      });
    }
    for (const bullet of section.bullets ?? []) {
      const indent = 14;
      wrap(bullet, 11, width - indent).forEach((text, index) => {
        lines.push({
          text,
          size: 11,
          bold: false,
          x: PAGE.margin + indent,
          before: index === 0 ? 8 : 3,
          marker: index === 0,
        });
      });
    }
  }
  return lines;
}

/** The content streams, one per page, breaking before a line would cross the bottom margin. */
function pages(lines: Line[], footer: (page: number) => string): string[] {
  const streams: string[][] = [[]];
  let y = PAGE.height - PAGE.margin;
  for (const line of lines) {
    const lead = line.size * 1.2;
    // A section title never sits alone at the foot of a page: it needs room for a few lines after it.
    const room = line.size > 12 ? lead * 4 : lead;
    if (y - line.before - room < PAGE.margin + 24 && (streams.at(-1)?.length ?? 0) > 0) {
      streams.push([]);
      y = PAGE.height - PAGE.margin;
    } else {
      y -= line.before;
    }
    y -= lead;
    const font = line.bold ? 'F2' : 'F1';
    const [r, g, b] = line.color ?? [0.08, 0.1, 0.14];
    const page = streams.at(-1);
    if (line.marker) page?.push(`BT /F2 11 Tf 0.29 0.3 0.88 rg ${line.x - 12} ${y.toFixed(1)} Td (-) Tj ET`);
    page?.push(
      `BT /${font} ${line.size} Tf ${r} ${g} ${b} rg ${line.x} ${y.toFixed(1)} Td ${pdfString(line.text)} Tj ET`,
    );
  }
  return streams.map((stream, index) =>
    [
      ...stream,
      `BT /F1 9 Tf 0.45 0.5 0.58 rg ${PAGE.margin} 36 Td ${pdfString(footer(index + 1))} Tj ET`,
    ].join('\n'),
  );
}

/**
 * The brief as PDF bytes: a catalog, a page tree, one page and content stream per page, two standard
 * fonts, and an info dictionary; the cross-reference table is computed from the exact byte offsets.
 */
export function securityBriefPdf(productName: string, tagline: string): Buffer {
  const contents = pages(
    layout(productName, tagline),
    (page) => `${productName} security brief - page ${page}`,
  );
  const pageCount = contents.length;
  // Object numbers: 1 catalog, 2 pages, 3 F1, 4 F2, 5 info, then (page, content) pairs.
  const pageIds = contents.map((_, index) => 6 + index * 2);
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageCount} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Title ${pdfString(`${productName} security brief`)} /Subject ${pdfString(tagline)} /Producer (${productName} build) >>`,
  ];
  contents.forEach((content, index) => {
    const contentId = pageIds[index as number] as number;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${contentId + 1} 0 R >>`,
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    );
  });

  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(pdf, 'latin1');
  // Each xref entry is exactly 20 bytes: 10-digit offset, 5-digit generation, type, two-byte line end.
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
