import { describe, expect, it } from 'vitest';
import { mailHeadline, mailQuery, periodText } from './mail-answer';
import { mailWords, wordsLeft } from './mail-question';
import { type MailQuestion, understandQuestion } from './understand';

const NOW = new Date('2002-12-15T12:00:00Z');

// Questions → what the answer counts or lists (docs/decisions/216). `mail` undefined: not a mail question.
const TABLE: [string, { filters: object; mail?: MailQuestion }][] = [
  [
    'how many emails from Gary Lawrence Murphy?',
    { filters: { type: 'eml' }, mail: { count: true, sender: 'Gary Lawrence Murphy', words: '' } },
  ],
  [
    'how many emails from garym@canada.com?',
    { filters: { type: 'eml' }, mail: { count: true, sender: 'garym@canada.com', words: '' } },
  ],
  [
    'how many messages did Tom send?',
    { filters: { type: 'eml' }, mail: { count: true, sender: 'Tom', words: '' } },
  ],
  [
    'emails from Matthias Saou in August 2002',
    {
      filters: { type: 'eml', date_from: '2002-08-01', date_to: '2002-08-31' },
      mail: { count: false, sender: 'Matthias Saou', words: '' },
    },
  ],
  [
    'everything from jm@jmason.org',
    { filters: {}, mail: { count: false, sender: 'jm@jmason.org', words: '' } },
  ],
  [
    'How many e-mails did "R. A. Hettinga" send last month?',
    {
      filters: { type: 'eml', date_from: '2002-11-01', date_to: '2002-11-30' },
      mail: { count: true, sender: 'R. A. Hettinga', words: '' },
    },
  ],
  [
    'number of messages sent by Justin Mason in September 2002',
    {
      filters: { type: 'eml', date_from: '2002-09-01', date_to: '2002-09-30' },
      mail: { count: true, sender: 'Justin Mason', words: '' },
    },
  ],
  [
    'list the emails from tim.one@comcast.net in October 2002',
    {
      filters: { type: 'eml', date_from: '2002-10-01', date_to: '2002-10-31' },
      mail: { count: false, sender: 'tim.one@comcast.net', words: '' },
    },
  ],
  [
    'count the mails from Joseph S. Barrera III',
    { filters: { type: 'eml' }, mail: { count: true, sender: 'Joseph S. Barrera III', words: '' } },
  ],
  [
    'What is the total number of emails Skip Montanaro sent in 2002?',
    {
      filters: { type: 'eml', date_from: '2002-01-01', date_to: '2002-12-31' },
      mail: { count: true, sender: 'Skip Montanaro', words: '' },
    },
  ],
  [
    'which messages were sent by “Mr. FoRK” in 2002?',
    {
      filters: { type: 'eml', date_from: '2002-01-01', date_to: '2002-12-31' },
      mail: { count: false, sender: 'Mr. FoRK', words: '' },
    },
  ],
  [
    'how many emails to jm@jmason.org?',
    { filters: { type: 'eml' }, mail: { count: true, recipient: 'jm@jmason.org', words: '' } },
  ],
  [
    'Everything Tom sent in August 2002',
    { filters: { date_from: '2002-08-01', date_to: '2002-08-31' }, mail: undefined },
  ],
  [
    'Which emails Justin Mason sent in August 2002?',
    {
      filters: { type: 'eml', date_from: '2002-08-01', date_to: '2002-08-31' },
      mail: { count: false, sender: 'Justin Mason', words: '' },
    },
  ],
  ['how many emails?', { filters: { type: 'eml' }, mail: { count: true, words: '' } }],
  [
    'emails from Tom about beer',
    { filters: { type: 'eml' }, mail: { count: false, sender: 'Tom', words: 'about beer' } },
  ],
  [
    'how many mails from garym mention linux?',
    { filters: { type: 'eml' }, mail: { count: true, sender: 'garym', words: 'linux' } },
  ],
  // Not mail questions: another verb, another kind, an amount, no mail word and no address.
  ['summarize mail from Dana', { filters: { type: 'eml' } }],
  ['how many PDFs from Acme?', { filters: { type: 'pdf' } }],
  ['find invoices from Acme', { filters: {} }],
  ['emails over $500 from Acme', { filters: { type: 'eml', amount_min: 500, currency: 'USD' } }],
];

describe('reading a mail question', () => {
  it.each(TABLE)('%s', (question, expected) => {
    const understood = understandQuestion(question, NOW);
    expect(understood.filters).toEqual(expected.filters);
    expect(understood.mail).toEqual(expected.mail);
  });

  it('keeps a period out of the sender and leaves no words for asking words', () => {
    expect(mailWords('emails from the list').sender).toBeUndefined();
    expect(mailWords('how many did I send').sender).toBeUndefined();
    expect(wordsLeft('which were there in total ?')).toBe('');
  });
});

describe('the search a mail question runs and its headline', () => {
  const mail: MailQuestion = { count: true, sender: 'Justin Mason', words: '' };
  const filters = { type: 'eml' as const, date_from: '2002-08-01', date_to: '2002-08-31' };

  it('is operators alone: the kind, the sender quoted, the days sent', () => {
    expect(mailQuery(mail, filters)).toBe('type:eml from:"Justin Mason" after:2002-08-01 before:2002-08-31');
    expect(mailQuery({ count: false, recipient: 'a@b.co', words: '' }, {})).toBe('to:"a@b.co"');
  });

  it('leads with the count and names the period as asked', () => {
    expect(mailHeadline(mail, filters, 46)).toBe('46 emails from Justin Mason in August 2002.');
    expect(mailHeadline(mail, { type: 'eml' }, 1)).toBe('1 email from Justin Mason.');
    expect(mailHeadline(mail, { type: 'eml' }, 0)).toBe('No emails from Justin Mason.');
    expect(periodText('2002-01-01', '2002-12-31')).toBe('in 2002');
    expect(periodText('2002-08-03', '2002-08-09')).toBe('from 3 Aug 2002 to 9 Aug 2002');
    expect(periodText('2002-08-03', undefined)).toBe('since 3 Aug 2002');
  });
});
