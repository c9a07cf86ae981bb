import type { AnswerFields } from '@trove/contracts';
import { describe, expect, it } from 'vitest';
import type { StoredAnswer } from '../chats/chats.repository';
import { freshKeys, mergeAnswers, orderRows, tableRows, totalsPerCurrency } from './workflow-table';

const row = (passage: string, date?: string, total?: [number, string]): AnswerFields => ({
  passage_id: passage,
  document_name: `${passage}.pdf`,
  document_title: null,
  people: [],
  organisations: ['Globex'],
  ...(date === undefined ? {} : { date }),
  ...(total === undefined
    ? {}
    : { total: { value: total[0], currency: total[1], text: `${total[1]} ${total[0]}` } }),
});

const answer = (fields: AnswerFields[], summary: string[] = []): StoredAnswer => ({
  command: { verb: null, query: 'invoice', destination: null } as unknown as StoredAnswer['command'],
  filters: {},
  layout: 'summary-first',
  summary: summary.map((text, i) => ({ text, passage_id: fields[i]?.passage_id ?? 'x' })),
  passages: fields.map((field) => ({
    passage_id: field.passage_id,
    document_id: `d-${field.passage_id}`,
    document_name: field.document_name,
    location: 'Page 1',
    snippet: [],
    score: 1,
  })) as unknown as StoredAnswer['passages'],
  fields,
  documents_read: fields.map((field) => ({ id: `d-${field.passage_id}`, name: field.document_name })),
  empty_hint: null,
  destination_note: null,
});

describe('the table a run sends', () => {
  it('puts flagged rows (due before today) first, then sorts the rest, rows without a date last', () => {
    const rows = [row('a', '2026-12-20'), row('b'), row('c', '2026-01-05'), row('d', '2026-12-01')];
    const ordered = orderRows(
      rows,
      { sort: { by: 'date', order: 'desc' }, flag: { when: 'date_before_today' } },
      '2026-11-29',
    );
    expect(ordered.map((r) => r.passage_id)).toEqual(['c', 'a', 'd', 'b']);
  });

  it('flags totals over an amount and dates within days', () => {
    const rows = [row('a', '2026-12-01', [50, 'EUR']), row('b', '2026-12-20', [5000, 'EUR'])];
    const over = tableRows(
      rows,
      { columns: ['total'], flag: { when: 'total_over', amount: 1000 } },
      {
        today: '2026-11-29',
        fresh: new Set(['b']),
      },
    );
    expect(over.map((r) => [r.cells.total, r.flagged, r.new])).toEqual([
      ['EUR 50', false, false],
      ['EUR 5000', true, true],
    ]);
    const soon = orderRows(
      rows,
      { sort: { by: 'found', order: 'asc' }, flag: { when: 'date_within_days', days: 7 } },
      '2026-11-29',
    );
    expect(soon.map((r) => r.passage_id)).toEqual(['a', 'b']);
  });

  it('sums totals per currency to the cent', () => {
    expect(
      totalsPerCurrency([
        row('a', undefined, [0.1, 'EUR']),
        row('b', undefined, [0.2, 'EUR']),
        row('c', undefined, [1200, 'USD']),
      ]),
    ).toEqual([
      { currency: 'EUR', text: 'EUR 0.30' },
      { currency: 'USD', text: 'USD 1,200.00' },
    ]);
  });

  it('counts as new only rows the last run did not find, and everything on a first run', () => {
    const rows = [row('a'), row('b')];
    expect([...freshKeys(rows, ['a'])]).toEqual(['b']);
    expect([...freshKeys(rows, null)]).toEqual(['a', 'b']);
  });

  it('merges several questions’ answers, each row and passage once', () => {
    const merged = mergeAnswers([
      answer([row('a'), row('b')], ['one']),
      answer([row('b'), row('c')], ['two']),
    ]);
    expect(merged.fields.map((r) => r.passage_id)).toEqual(['a', 'b', 'c']);
    expect(merged.passages.map((p) => p.passage_id)).toEqual(['a', 'b', 'c']);
    expect(merged.summary.map((s) => s.text)).toEqual(['one', 'two']);
    expect(merged.computed).toBeNull();
  });
});
