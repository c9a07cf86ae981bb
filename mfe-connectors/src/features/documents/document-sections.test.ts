import { describe, expect, it } from 'vitest';
import { documentSections, passageFromHash, sizeLabel } from './document-sections';

const passage = (id: string, location: string) => ({ id, ordinal: Number(id), location, text: `text ${id}` });

describe('the document page', () => {
  it('reads the passage from #passage-<id> and nothing else', () => {
    expect(passageFromHash('#passage-42')).toBe('42');
    expect(passageFromHash('#passage-0')).toBeNull();
    expect(passageFromHash('#passage-42x')).toBeNull();
    expect(passageFromHash('')).toBeNull();
  });

  it('groups runs of passages at one place into a section, in document order', () => {
    const sections = documentSections([
      passage('1', 'page 1'),
      passage('2', 'page 1'),
      passage('3', 'page 2'),
      passage('4', 'page 1'),
    ]);
    expect(sections.map((s) => [s.location, s.passages.map((p) => p.id)])).toEqual([
      ['page 1', ['1', '2']],
      ['page 2', ['3']],
      ['page 1', ['4']],
    ]);
  });

  it('says sizes in bytes, KB and MB', () => {
    expect(sizeLabel(812)).toBe('812 bytes');
    expect(sizeLabel(14_540)).toBe('14.2 KB');
    expect(sizeLabel(3_250_586)).toBe('3.1 MB');
  });
});
