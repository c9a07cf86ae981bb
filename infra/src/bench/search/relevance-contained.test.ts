import { describe, expect, it } from 'vitest';
import { withContained } from './relevance';
import type { KnownDocument, RelevanceQuery } from './relevance-queries';

// docs/decisions/226: a message's attachments, documents of their own since ADR 121, answer for it.

describe('known items with contained documents', () => {
  it('an attachment of a right message (or of its copy) is right too; other queries are left as they were', () => {
    const message = (id: string, contained?: string[]): KnownDocument => ({
      id,
      title: 'when building a rpm',
      sender: 'Ann',
      body: 'pam_ssh spec buildroot',
      day: null,
      ...(contained === undefined ? {} : { contained }),
    });
    const documents = [message('m1', ['a1', 'a2']), message('m2', []), message('m3')];
    const query = (relevant: string[]): RelevanceQuery => ({
      kind: 'body',
      query: 'x',
      words: 'x',
      relevant,
    });
    expect(
      withContained([query(['m1', 'm2']), query(['m3']), query(['m2'])], documents).map((q) => q.relevant),
    ).toEqual([['m1', 'a1', 'a2', 'm2'], ['m3'], ['m2']]);
  });
});
