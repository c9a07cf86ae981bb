import { describe, expect, it } from 'vitest';
import { collectionNamed } from './computed-answer';

const invoices = {
  collection: 'invoices',
  records: 240,
  fieldNames: ['Number', 'Customer', 'Amount', 'Due date'],
  version: '1',
};
const tickets = {
  collection: 'tickets',
  records: 90,
  fieldNames: ['Id', 'Subject', 'Priority'],
  version: '2',
};

describe('the collection a question names', () => {
  it('by its name, in any form of the word', () => {
    expect(collectionNamed('which invoices are overdue?', [tickets, invoices])).toBe(invoices);
    expect(collectionNamed('total invoiced to Hooli', [tickets, invoices])).toBe(invoices);
    expect(collectionNamed('how many tickets per priority', [tickets, invoices])).toBe(tickets);
  });

  it('by a column only it has, when the question names no collection', () => {
    expect(collectionNamed('total amount per customer', [tickets, invoices])).toBe(invoices);
    expect(collectionNamed('rows per priority', [tickets, invoices])).toBe(tickets);
    expect(collectionNamed('summarize the quarterly plan', [tickets, invoices])).toBeUndefined();
  });
});
