import { describe, expect, it } from 'vitest';
import { dateOf, fieldsOf, totalOf } from './fields';

describe('totalOf', () => {
  it('prefers the amount labelled total over a larger one', () => {
    const text = 'Subtotal ₹10,000. Deposit held ₹50,000. Total: ₹11,800 due on 1 Nov.';
    const amounts = [
      { text: '₹10,000', currency: 'INR', value: 10000 },
      { text: '₹50,000', currency: 'INR', value: 50000 },
      { text: '₹11,800', currency: 'INR', value: 11800 },
    ];
    expect(totalOf(text, amounts)?.value).toBe(11800);
  });

  it('falls back to the largest amount', () => {
    const amounts = [
      { text: '$20', currency: 'USD', value: 20 },
      { text: '$500', currency: 'USD', value: 500 },
    ];
    expect(totalOf('Fee $20 and charge $500.', amounts)?.value).toBe(500);
    expect(totalOf('nothing', [])).toBeUndefined();
  });
});

describe('fieldsOf', () => {
  it('makes one row per passage with facts, the first date else the document date', () => {
    expect(
      fieldsOf([
        {
          passageId: '1',
          documentName: 'invoice.pdf',
          documentTitle: 'Invoice 118 from Acme',
          documentDate: '2026-10-02',
          text: 'Amount due ₹45,000',
          facts: {
            dates: [],
            amounts: [{ text: '₹45,000', currency: 'INR', value: 45000 }],
            people: [{ name: 'Ann Lee', email: 'ann@acme.in' }, { name: 'Ann Lee' }],
            organisations: ['Acme'],
          },
        },
        {
          passageId: '2',
          documentName: 'notes.txt',
          documentTitle: null,
          documentDate: null,
          text: 'Lunch',
          facts: {},
        },
      ]),
    ).toMatchObject([
      {
        date: '2026-10-02',
        total: { value: 45000, currency: 'INR', text: '₹45,000' },
        people: ['Ann Lee'],
        organisations: ['Acme'],
        passage_id: '1',
        document_name: 'invoice.pdf',
        document_title: 'Invoice 118 from Acme',
      },
    ]);
  });
});

describe('dateOf', () => {
  const dates = [
    { text: 'September', iso: '2026-09-01' },
    { text: '5 October 2026', iso: '2026-10-05' },
  ];

  it('prefers a date labelled as the document’s', () => {
    expect(dateOf('Services for September. Invoice date: 5 October 2026', dates, '2026-10-12')).toBe(
      '2026-10-05',
    );
  });

  it('then the document’s own date, then the first date mentioned', () => {
    expect(dateOf('Services for September, paid 5 October 2026', dates, '2026-10-12')).toBe('2026-10-12');
    expect(dateOf('Services for September, paid 5 October 2026', dates, null)).toBe('2026-09-01');
    expect(dateOf('nothing', [], null)).toBeUndefined();
  });
});

describe('one model for rows and texts (issue 37 item 1)', () => {
  it('a row’s Total column is its money field, its date its date field, its customer an organisation', () => {
    const [row] = fieldsOf([
      {
        passageId: '9',
        documentName: 'invoices #12',
        documentTitle: 'INV-12',
        documentDate: null,
        text: 'Customer: Stark Industries Amount: 7593.52 Due date: 2026-01-30',
        facts: { dates: [], amounts: [], people: [], organisations: [] },
        record: [
          { name: 'Customer', type: 'text', value: 'Stark Industries' },
          { name: 'Amount', type: 'money', value: '7593.52', currency: 'USD' },
          { name: 'Due date', type: 'date', value: '2026-01-30' },
        ],
      },
    ]);
    expect(row).toMatchObject({
      date: '2026-01-30',
      total: { value: 7593.52, currency: 'USD', text: '7,593.52 USD' },
      organisations: ['Stark Industries'],
      people: [],
    });
    expect(row?.fields).toHaveLength(3);
  });

  it('a text’s facts become fields of the same shape', () => {
    const [row] = fieldsOf([
      {
        passageId: '1',
        documentName: 'invoice.pdf',
        documentTitle: null,
        documentDate: '2026-10-02',
        text: 'Amount due ₹45,000',
        facts: {
          dates: [],
          amounts: [{ text: '₹45,000', currency: 'INR', value: 45000 }],
          people: [{ name: 'Ann Lee' }],
          organisations: ['Acme'],
        },
      },
    ]);
    expect(row?.fields).toEqual([
      { name: 'Total', type: 'money', value: '45000', currency: 'INR' },
      { name: 'Date', type: 'date', value: '2026-10-02' },
      { name: 'Person', type: 'text', value: 'Ann Lee' },
      { name: 'Organisation', type: 'text', value: 'Acme' },
    ]);
  });
});
