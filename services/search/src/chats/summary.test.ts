import { describe, expect, it } from 'vitest';
import { ownWords, sentencesOf, stem, summarize } from './summary';

// A fixed passage set: an invoice, a reply quoting it, and an unrelated note.
const PASSAGES = [
  {
    passageId: '11',
    text: 'Invoice INV-204 from Acme Pvt Ltd. The invoice total is Rs. 45,000 payable by 30 October. Thanks for your business.',
  },
  {
    passageId: '12',
    text: 'Re: invoice INV-204.\nThe invoice total is Rs. 45,000 payable by 30 October.\nWe will pay the invoice next week after approval.',
  },
  { passageId: '13', text: 'Lunch is at noon on Friday. Please bring your laptop to the offsite.' },
];

describe('summarize', () => {
  it('picks sentences holding the query, most relevant first, each once, with their passage', () => {
    expect(summarize('invoice total payable approval', PASSAGES)).toEqual([
      { text: 'The invoice total is Rs. 45,000 payable by 30 October.', passage_id: '11' },
      { text: 'We will pay the invoice next week after approval.', passage_id: '12' },
      { text: 'Invoice INV-204 from Acme Pvt Ltd.', passage_id: '11' },
    ]);
  });

  it('copies text verbatim: every sentence is a substring of its passage (white space aside)', () => {
    for (const sentence of summarize('invoice pay', PASSAGES)) {
      const passage = PASSAGES.find((p) => p.passageId === sentence.passage_id);
      expect(passage?.text.replace(/\s+/g, ' ')).toContain(sentence.text);
    }
  });

  it('chooses nothing when no sentence holds a query word', () => {
    expect(summarize('quarterly roadmap', PASSAGES)).toEqual([]);
  });

  it('takes each passage’s opening sentence when the question was all filters', () => {
    expect(summarize('', PASSAGES, 2)).toEqual([
      { text: 'Invoice INV-204 from Acme Pvt Ltd.', passage_id: '11' },
      { text: 'Re: invoice INV-204.', passage_id: '12' },
    ]);
  });

  it('honours the limit and handles no passages', () => {
    expect(summarize('invoice', PASSAGES, 1)).toHaveLength(1);
    expect(summarize('invoice', [])).toEqual([]);
  });
});

describe('sentencesOf and stem', () => {
  it('does not cut after Rs. and drops fragments', () => {
    expect(sentencesOf('Pay Rs. 4,500 today please. Ok.')).toEqual(['Pay Rs. 4,500 today please.']);
  });

  it.each([
    ['invoices', 'invoice'],
    ['companies', 'company'],
    ['billing', 'bill'],
    ['boxes', 'box'],
    ['class', 'class'],
  ])('stem(%s) = %s', (word, expected) => {
    expect(stem(word)).toBe(expected);
  });
});

describe('answers that read well (issue 19 item 5)', () => {
  it('quoted replies, the line that introduces them, the signature and list footers are not the writer’s words', () => {
    const mail = [
      'The razor plugin flags the newsletter as spam since the update.',
      '',
      'On Tue, 10 Sep 2002, Ann Lee wrote:',
      '> The razor plugin stopped flagging spam after the update.',
      '> > Has anyone seen the razor plugin fail?',
      '',
      '-- ',
      'Bob Smith, razor plugin maintainer since forever',
      '_______________________________________________',
      'Razor-users mailing list for the razor plugin',
      'https://lists.sourceforge.net/lists/listinfo/razor-users',
    ].join('\n');
    expect(ownWords(mail).trim()).toBe('The razor plugin flags the newsletter as spam since the update.');
    expect(summarize('razor plugin', [{ passageId: '1', text: mail }]).map((s) => s.text)).toEqual([
      'The razor plugin flags the newsletter as spam since the update.',
    ]);
  });

  it('a sentence the mail client wrapped over lines is one sentence; short lines and list items stay lines', () => {
    const wrapped = [
      'Numerous ISPs provide this feature to clients, but so far I can find nothing. Our configuration uses',
      'Amavis-Postfix and ClamAV',
      'for virus filtering and Procmail with SpamAssassin for spam filtering.',
      'I would prefer not to write the script myself.',
    ].join('\n');
    expect(sentencesOf(wrapped)).toEqual([
      'Numerous ISPs provide this feature to clients, but so far I can find nothing.',
      'Our configuration uses Amavis-Postfix and ClamAV for virus filtering and Procmail with SpamAssassin for spam filtering.',
      'I would prefer not to write the script myself.',
    ]);
    const lines = ['Invoice number INV-204', 'Total Rs. 45,000 due now', 'Paid by Acme Corp'].join('\n');
    expect(sentencesOf(lines)).toEqual([
      'Invoice number INV-204',
      'Total Rs. 45,000 due now',
      'Paid by Acme Corp',
    ]);
    const list = [
      'Please bring these papers to the review meeting tomorrow',
      '- the signed invoice copies',
      '- the approval from finance',
    ].join('\n');
    expect(sentencesOf(list)).toEqual([
      'Please bring these papers to the review meeting tomorrow',
      '- the signed invoice copies',
      '- the approval from finance',
    ]);
  });

  it('lines joined into one (a long paragraph) still lose their quote markers and rules', () => {
    const joined =
      'Thanks for the razor fix today. > > _____ Razor-users mailing list razor fix details here';
    const chosen = summarize('razor fix', [{ passageId: '1', text: joined }]).map((s) => s.text);
    expect(chosen).toEqual(['Thanks for the razor fix today.']);
  });

  it('a sentence found in three passages or more is boilerplate, whatever its words; two is still a quote said once', () => {
    const footer = 'This message and its invoice attachments are confidential to the addressee.';
    const passages = [
      { passageId: '1', text: `The invoice for March is attached. ${footer}` },
      { passageId: '2', text: `Second invoice reminder for April. ${footer}` },
      { passageId: '3', text: `Your invoice was paid on Friday. ${footer}` },
    ];
    const chosen = summarize('invoice attachments', passages).map((s) => s.text);
    expect(chosen).not.toContain(footer);
    expect(chosen.length).toBeGreaterThan(0);
  });
});
