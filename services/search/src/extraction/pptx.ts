import { ExtractionError } from './detect-kind';
import type { DocumentText } from './document-text';
import { baseName } from './file-name';
import {
  isEncryptedOffice,
  type OfficePackage,
  openOfficePackage,
  protectedReason,
  resolvePart,
} from './office-package';
import type { Reader } from './reader';
import { relationships } from './xlsx';
import { walkXml } from './xml-events';
import { zipHolds, zipKind } from './zip-kinds';

// PPTX (issue 39 item 2): each slide a section — its title, its text (shapes and tables, paragraph by
// paragraph) and its speaker notes — in the presentation's order (presentation.xml's slide list, not file names).

const WHAT = 'PowerPoint presentation';

export interface Slide {
  title: string;
  paragraphs: string[];
  notes: string[];
}

/** A slide's (or notes page's) paragraphs, and which of them are its title placeholder's. */
function slideParagraphs(xml: string): { title: string[]; body: string[] } {
  const title: string[] = [];
  const body: string[] = [];
  // Placeholder type of the shape being read: "title"/"ctrTitle" is the slide's title; "sldNum", "dt", "sldImg" and
  // "hdr"/"ftr" are furniture, not words of the slide.
  let placeholder: string | undefined;
  let paragraph: string[] | undefined;
  let inText = false;
  walkXml(xml, {
    open(name, attributes) {
      if (name === 'p:sp') placeholder = undefined;
      else if (name === 'p:ph') placeholder = attributes.type ?? 'body';
      else if (name === 'a:p') paragraph = [];
      else if (name === 'a:t') inText = true;
      else if (name === 'a:br') paragraph?.push('\n');
    },
    text(text) {
      if (inText) paragraph?.push(text);
    },
    close(name) {
      if (name === 'a:t') inText = false;
      else if (name === 'a:p' && paragraph !== undefined) {
        const text = paragraph.join('').trim();
        paragraph = undefined;
        if (text === '' || ['sldNum', 'dt', 'sldImg', 'hdr', 'ftr'].includes(placeholder ?? '')) return;
        (placeholder === 'title' || placeholder === 'ctrTitle' ? title : body).push(text);
      } else if (name === 'p:sp') placeholder = undefined;
    },
  });
  return { title, body };
}

/** The slides' parts in the presentation's order. */
function slideParts(pkg: OfficePackage): string[] {
  const targets = relationships(pkg.text('ppt/_rels/presentation.xml.rels'));
  const parts: string[] = [];
  walkXml(pkg.required('ppt/presentation.xml'), {
    open(name, attributes) {
      if (name !== 'p:sldId') return;
      const target = targets.get(attributes['r:id'] ?? '');
      if (target !== undefined) parts.push(resolvePart('ppt', target));
    },
  });
  return parts;
}

function readSlide(pkg: OfficePackage, part: string): Slide | undefined {
  const xml = pkg.text(part);
  if (xml === undefined) return undefined;
  const { title, body } = slideParagraphs(xml);
  const folder = part.slice(0, part.lastIndexOf('/'));
  const file = part.slice(part.lastIndexOf('/') + 1);
  const rels = pkg.text(`${folder}/_rels/${file}.rels`);
  let notes: string[] = [];
  if (rels !== undefined) {
    walkXml(rels, {
      open(name, attributes) {
        if (name !== 'Relationship' || !attributes.Type?.endsWith('/notesSlide') || !attributes.Target)
          return;
        const notesXml = pkg.text(resolvePart(folder, attributes.Target));
        if (notesXml !== undefined) notes = slideParagraphs(notesXml).body;
      },
    });
  }
  return { title: title.join(' '), paragraphs: body, notes };
}

/** Slides → sections: "slide 3 (Roadmap)", the title a title word of its passages. */
export function slidesToText(slides: readonly Slide[], fallbackTitle: string): DocumentText {
  const blocks: DocumentText['blocks'] = [];
  slides.forEach((slide, index) => {
    const location = slide.title ? `slide ${index + 1} (${slide.title})` : `slide ${index + 1}`;
    const title = slide.title || undefined;
    const texts = [...(slide.title ? [slide.title] : []), ...slide.paragraphs];
    for (const text of texts) blocks.push({ location, text, title });
    if (slide.notes.length > 0)
      blocks.push({ location, text: `Speaker notes: ${slide.notes.join('\n')}`, title });
  });
  return {
    title: slides.find((slide) => slide.title)?.title ?? fallbackTitle,
    parts: slides.length,
    documentDate: null,
    blocks,
    people: [],
    organisations: [],
  };
}

export const pptxReader: Reader = {
  accepts(bytes) {
    if (isEncryptedOffice(bytes)) return { accepted: false, reason: protectedReason(WHAT) };
    // A zip whose main part is not visible is this kind damaged (read() says so), not an archive to open.
    return zipHolds(bytes, 'ppt/presentation.xml') || zipKind(bytes) === 'zip'
      ? { accepted: true, text: null }
      : { accepted: false };
  },
  async read(input) {
    const pkg = openOfficePackage(input.bytes, WHAT);
    if (!pkg.zip.has('ppt/presentation.xml'))
      throw new ExtractionError(`This ${WHAT} is damaged and cannot be read.`);
    const slides = slideParts(pkg).flatMap((part) => readSlide(pkg, part) ?? []);
    return slidesToText(slides, baseName(input.fileName));
  },
  limits: [],
};
