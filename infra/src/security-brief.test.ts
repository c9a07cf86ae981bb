import { describe, expect, it } from 'vitest';
import { briefSections, securityBriefPdf, textWidth, wrap } from './security-brief';

const pdf = securityBriefPdf('Trove', 'Find anything. Send anywhere.');
const text = pdf.toString('latin1');

describe('the security brief PDF (docs/product/public-pages.md#landing-links /security.pdf)', () => {
  it('is a PDF whose cross-reference table points at every object exactly', () => {
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.endsWith('%%EOF\n')).toBe(true);
    const xref = Number(/startxref\n(\d+)\n/.exec(text)?.[1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const entries = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(entries.length).toBeGreaterThan(6);
    entries.forEach((offset, index) => {
      expect(text.slice(offset, offset + `${index + 1} 0 obj`.length)).toBe(`${index + 1} 0 obj`);
    });
  });

  it('every content stream has its exact length', () => {
    for (const match of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
      const start = (match.index ?? 0) + match[0].length;
      expect(text.slice(start + Number(match[1]), start + Number(match[1]) + 10)).toBe('\nendstream');
    }
  });

  it('states the claims of docs/product/public-pages.md#claims', () => {
    const shown = [...text.matchAll(/\((.*?)\) Tj/g)].map((m) => m[1]).join(' ');
    for (const claim of [
      'On-device index',
      'keychain',
      'Zero telemetry by default',
      'Optional cloud relay',
      'Read-only, least-privilege connectors',
      'AES-256 at rest',
      'TLS 1.2+',
      'SOC 2',
      'in progress',
      'GDPR aligned',
      'SAML/OIDC',
      'SCIM',
      'DLP APIs',
      'BYOK',
      'roadmap',
      '12+ connectors',
      '200 ms',
    ]) {
      expect(shown.replace(/\s+/g, ' '), claim).toContain(claim);
    }
  });

  it('wraps lines to the page width', () => {
    const lines = wrap(briefSections('Trove')[1]?.bullets?.[1] ?? '', 11, 470);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(textWidth(line, 11)).toBeLessThanOrEqual(470);
  });
});
