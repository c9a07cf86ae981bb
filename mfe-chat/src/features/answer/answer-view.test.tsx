// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnswerActions, AnswerView } from './answer-view';
import { testAnswer } from './test-answer';

afterEach(cleanup);

const actions = (): AnswerActions => ({
  passageHref: (id) => `/chats/c1?passage=${id}`,
  openPassage: vi.fn(),
  send: vi.fn(),
});

/** The answer's section names, in the order they are on screen. */
const sectionOrder = () =>
  [...document.querySelectorAll('article section > h4')].map((heading) => heading.textContent);

describe('AnswerView', () => {
  it("'summary-first' leads with the summary, then the passages, then the fields", () => {
    render(<AnswerView answer={testAnswer()} actions={actions()} />);
    expect(sectionOrder()).toEqual(['Summary', 'Best passages', 'Fields found']);
  });

  it("'table-first' (extract, export) leads with the fields table", () => {
    render(<AnswerView answer={testAnswer({ layout: 'table-first' })} actions={actions()} />);
    expect(sectionOrder()).toEqual(['Fields found', 'Summary', 'Best passages']);
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Extracted fields');
  });

  it('renders the snippet as text with its marks, never as HTML', () => {
    const { container } = render(<AnswerView answer={testAnswer()} actions={actions()} />);
    expect(container.querySelector('img')).toBeNull();
    const passages = screen.getByRole('region', { name: 'Best passages' });
    expect(within(passages).getByText('INVOICE').tagName).toBe('MARK');
    expect(passages.textContent).toContain('<img src=x onerror=alert(1)>');
  });

  it('shows the total with its currency, the date, the filters and the documents read', () => {
    render(<AnswerView answer={testAnswer()} actions={actions()} />);
    const row = screen.getAllByRole('row')[1];
    expect(row?.textContent).toContain('15 Oct 2026');
    expect(row?.textContent).toContain('₹48,500');
    expect(screen.getByRole('list', { name: 'Understood filters' }).textContent).toContain('Over ₹10,000');
    expect(screen.getByText('Read 1 document: kaveri-invoice-2041.pdf')).toBeTruthy();
  });

  it("a workflow's answer shows the columns its owner chose, in that order (issue 40 item 5)", () => {
    const base = testAnswer();
    const [first] = base.fields;
    if (first === undefined) throw new Error('the test answer has a row');
    const answer = testAnswer({
      columns: ['total', 'field:status'],
      fields: [{ ...first, fields: [{ name: 'Status', type: 'text', value: 'open' }] }],
    });
    render(<AnswerView answer={answer} actions={actions()} />);
    const headings = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headings).toEqual(['Total', 'Status', 'Source']);
    expect(screen.getAllByRole('row')[1]?.textContent).toContain('open');
  });

  it('names a cited document by its title, the file name beside its place; an older answer without titles shows the file name (issue 19 item 3)', () => {
    const titled = testAnswer({
      passages: [
        {
          passage_id: '11',
          document_id: 'd1',
          document_name: 'easy-ham-1__02039.eml',
          document_title: 'Of Muslims and Morris men',
          location: 'Body',
          snippet: [
            { text: 'the ', marked: false },
            { text: 'morris', marked: true },
            { text: ' side', marked: false },
          ],
          score: 2,
        },
      ],
      documents_read: [{ id: 'd1', name: 'easy-ham-1__02039.eml', title: 'Of Muslims and Morris men' }],
    });
    const { unmount } = render(<AnswerView answer={titled} actions={actions()} />);
    expect(screen.getByRole('link', { name: 'Of Muslims and Morris men' })).toBeTruthy();
    expect(screen.getByText('easy-ham-1__02039.eml · Body')).toBeTruthy();
    expect(screen.getByText('Read 1 document: Of Muslims and Morris men')).toBeTruthy();
    unmount();
    render(<AnswerView answer={testAnswer()} actions={actions()} />);
    expect(screen.getAllByRole('link', { name: 'kaveri-invoice-2041.pdf' }).length).toBeGreaterThan(0);
  });

  it('a click on a cited passage opens it in place with the marked words; the link keeps its address', () => {
    const handlers = actions();
    render(<AnswerView answer={testAnswer()} actions={handlers} />);
    const link = screen.getByRole('link', { name: 'Source 1: open the passage' });
    expect(link.getAttribute('href')).toBe('/chats/c1?passage=11');
    fireEvent.click(link);
    expect(handlers.openPassage).toHaveBeenCalledWith('11', ['INVOICE']);
  });

  it('says when nothing matched, with the hint, and offers no Send', () => {
    render(
      <AnswerView
        answer={testAnswer({
          passages: [],
          summary: [],
          fields: [],
          documents_read: [],
          empty_hint: 'Try without the date: nothing from last month matched.',
        })}
        actions={actions()}
      />,
    );
    expect(screen.getByText('Nothing in your documents matched.')).toBeTruthy();
    expect(screen.getByText('Try without the date: nothing from last month matched.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send this answer by email' })).toBeNull();
  });

  it('shows the destination note and each delivery with its status', () => {
    const handlers = actions();
    const answer = testAnswer({
      destination_note: 'Teams isn’t connected yet — send it by email instead.',
      deliveries: [
        { id: 'x1', address: 'a@example.com', status: 'queued', updated_at: '2026-11-20T10:00:00Z' },
        { id: 'x2', address: 'b@example.com', status: 'sent', updated_at: '2026-11-20T10:00:00Z' },
      ],
    });
    render(<AnswerView answer={answer} actions={handlers} />);
    expect(screen.getByText('Teams isn’t connected yet — send it by email instead.')).toBeTruthy();
    const deliveries = screen.getByRole('list', { name: 'Deliveries' });
    expect(deliveries.textContent).toContain('Sending to a@example.com');
    expect(deliveries.textContent).toContain('Sent to b@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send this answer by email' }));
    expect(handlers.send).toHaveBeenCalledWith(answer);
  });
});

describe('a post still being tried, or failed (issue 38 item 4)', () => {
  it('says why, and when and which try comes next', () => {
    const at = new Date(Date.now() + 125_000).toISOString();
    const answer = testAnswer({
      deliveries: [
        {
          id: 'p1',
          address: '#finance',
          status: 'queued',
          updated_at: '2026-11-20T10:00:00Z',
          error: 'Slack answered 503.',
          retry: { at, next_try: 3, tries: 5 },
        },
        {
          id: 'p2',
          address: '#ops',
          status: 'failed',
          updated_at: '2026-11-20T10:00:00Z',
          error: 'The certificate of hooks.internal is not trusted (self-signed certificate).',
          retry: null,
        },
      ],
    });
    render(<AnswerView answer={answer} actions={actions()} />);
    const [busy, broken] = screen.getAllByTestId('delivery-detail');
    expect(busy?.textContent?.trim()).toBe('Slack answered 503. Retrying in 2 min, try 3 of 5.');
    expect(broken?.textContent?.trim()).toBe(
      'The certificate of hooks.internal is not trusted (self-signed certificate).',
    );
  });
});

describe('an answer that computes (issue 37)', () => {
  const row = (n: number, amount: string) => ({
    document_id: `d${n}`,
    passage_id: String(n),
    document_name: `invoices #${n}`,
    document_title: `INV-${n}`,
    location: '',
    fields: [
      { name: 'Number', type: 'text' as const, value: `INV-${n}` },
      { name: 'Amount', type: 'money' as const, value: amount, currency: 'USD' },
    ],
  });
  const rows = Array.from({ length: 30 }, (_, index) => row(index + 1, String(1000 + index)));
  const computedAnswer = () =>
    testAnswer({
      layout: 'table-first',
      summary: [{ text: '30 invoices over 1,000 USD: 30,435.00 USD in total', passage_id: '1' }],
      computed: {
        headline: '30 invoices over 1,000 USD: 30,435.00 USD in total',
        how: 'Read the 240 invoices; kept the 30 where Amount over 1,000 USD',
        collection: 'invoices',
        understood: ['invoices', 'Amount over 1,000 USD'],
        figures: [{ label: 'Total Amount', value: '30435', currency: 'USD', text: '30,435.00 USD' }],
        groups: [],
        row_count: 30,
        rows,
        cannot: null,
        notes: [],
      },
    });

  it('leads with the figure and the question as understood, then the rows a page at a time', () => {
    render(<AnswerView answer={computedAnswer()} actions={actions()} />);
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Computed from invoices');
    expect(screen.getByRole('region', { name: 'Figure' }).textContent).toContain('30,435.00 USD in total');
    const chips = screen.getByRole('list', { name: 'Question as understood' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['invoices', 'Amount over 1,000 USD']);
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    expect(screen.getByText('Rows 1–25 of 30')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Rows 26–30 of 30')).toBeTruthy();
  });

  it('sorts by a column, largest first on a second click, each row opening its source', () => {
    const act = actions();
    render(<AnswerView answer={computedAnswer()} actions={act} />);
    fireEvent.click(screen.getByRole('button', { name: 'Amount' }));
    fireEvent.click(screen.getByRole('button', { name: 'Amount' }));
    const table = screen.getByRole('table');
    const first = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(first.textContent).toContain('1,029 USD');
    fireEvent.click(within(first).getByRole('link'));
    expect(act.openPassage).toHaveBeenCalledWith('30', []);
  });
});
