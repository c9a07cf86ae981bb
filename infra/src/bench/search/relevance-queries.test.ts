import { describe, expect, it } from 'vitest';
import { wordsOf } from './queries';
import { type KnownDocument, relevanceQueries, subjectKey } from './relevance-queries';

const filler = (n: number) =>
  Array.from({ length: 30 }, (_, at) => `filler${String.fromCharCode(97 + ((n + at) % 26))}word`).join(' ');

const documents: KnownDocument[] = Array.from({ length: 40 }, (_, n) => ({
  id: `d${n}`,
  title:
    n % 10 === 0
      ? 'Re: weekly status meeting'
      : `Zebra ${['falcon', 'otter', 'heron', 'lynx'][n % 4]} report number ${'x'.repeat((n % 7) + 3)}`,
  sender: ['Ann Lee', 'Ravi Kumar', 'Mia Wong'][n % 3] ?? '',
  body: `${filler(n)} budget ${n % 2 ? 'invoice' : 'contract'} ${n % 3 ? 'renewal' : 'pricing'} review`,
  day: `2002-0${(n % 9) + 1}-1${n % 10}`,
}));
// An exact copy of d1: it counts as right for d1's queries.
documents.push({ ...(documents[1] as KnownDocument), id: 'copy-of-d1' });

describe('relevance queries', () => {
  it('are the same for the same seed, and differ for another', () => {
    expect(relevanceQueries(documents, 5, 1)).toEqual(relevanceQueries(documents, 5, 1));
    expect(relevanceQueries(documents, 5, 1)).not.toEqual(relevanceQueries(documents, 5, 2));
  });

  it('ask for subjects only when no other message has the same one, with 3–6 of its words', () => {
    const subjects = relevanceQueries(documents, 50, 3).filter((query) => query.kind === 'subject');
    expect(subjects.length).toBeGreaterThan(0);
    for (const query of subjects) {
      const target = documents.find((document) => document.id === query.relevant[0]);
      expect(subjectKey(target?.title ?? '')).not.toBe('weekly status meeting');
      const words = query.query.split(' ');
      expect(words.length).toBeGreaterThanOrEqual(3);
      expect(words.length).toBeLessThanOrEqual(6);
      for (const word of words) expect(target?.title.toLowerCase()).toContain(word);
    }
  });

  it('dated queries use the syntax around the day it was sent; copies count as right', () => {
    const queries = relevanceQueries(documents, 50, 4);
    for (const query of queries.filter((q) => q.kind === 'dated')) {
      expect(query.query).toBe(`${query.words} after:${query.after} before:${query.before}`);
      const target = documents.find((document) => document.id === query.relevant[0]);
      expect((target?.day ?? '') >= (query.after ?? '') && (target?.day ?? '') <= (query.before ?? '')).toBe(
        true,
      );
    }
    const forD1 = queries.find((query) => query.relevant.includes('d1'));
    if (forD1) expect(forD1.relevant).toContain('copy-of-d1');
  });

  it('ask nothing that another message (not a copy) answers as well: its subject, text or sender holds every word', () => {
    // The same advert twice, a random tag in each subject: every word of one is in the other.
    const advert = (id: string, tag: string): KnownDocument => ({
      id,
      title: `Cheap toner cartridges laser printers ${tag}`,
      sender: 'Deals',
      body: `${filler(1)} okidata laserjet replacements warranty shipping ${filler(2)}`,
      day: '2002-07-01',
    });
    const others = documents.filter((document) => document.id !== 'copy-of-d1');
    const queries = relevanceQueries([...others, advert('ad1', 'qxz'), advert('ad2', 'wvk')], 200, 5);
    const adverts = queries.filter((query) => query.relevant.some((id) => id.startsWith('ad')));
    for (const query of adverts) {
      // Only a subject query naming its own tag (the one word the other lacks) tells them apart.
      expect(query.kind).toBe('subject');
      expect(query.query).toMatch(/qxz|wvk/);
    }
    // A subject query: no other subject holds every word; a text or sender query: nothing else a search reads.
    const corpus = [...others, advert('ad1', 'qxz'), advert('ad2', 'wvk')];
    for (const query of queries.filter((q) => q.kind !== 'dated')) {
      const read = (document: KnownDocument) =>
        new Set(
          wordsOf(
            query.kind === 'subject'
              ? document.title
              : `${document.title} ${document.body} ${document.sender}`,
          ),
        );
      const answering = corpus.filter((document) =>
        query.words.split(' ').every((word) => read(document).has(word)),
      );
      expect(answering.map((document) => document.id).sort()).toEqual([...query.relevant].sort());
    }
  });

  it('subject keys drop reply prefixes and list tags', () => {
    expect(subjectKey('Re: [ILUG] Fwd: Alan  Cox')).toBe('alan cox');
  });
});
