import type { AssistantChatMessage } from '@trove/contracts';

/** One answer as the service sends it, for component tests; `over` replaces any part. */
export function testAnswer(over: Partial<AssistantChatMessage> = {}): AssistantChatMessage {
  return {
    id: '6f1c2a8e-0000-4000-8000-000000000001',
    role: 'assistant',
    text: 'find invoices over ₹10,000 last month',
    created_at: '2026-11-20T10:00:00.000Z',
    command: { verb: 'find', query: 'invoices', destination: null },
    filters: { date_from: '2026-10-01', date_to: '2026-10-31', amount_min: 10000, currency: 'INR' },
    layout: 'summary-first',
    summary: [{ text: 'Total due: INR 48,500.00.', passage_id: '11' }],
    passages: [
      {
        passage_id: '11',
        document_id: 'd1',
        document_name: 'kaveri-invoice-2041.pdf',
        location: 'Page 1',
        snippet: [
          { text: 'TAX ', marked: false },
          { text: 'INVOICE', marked: true },
          { text: ' <img src=x onerror=alert(1)> Total due: INR 48,500.00', marked: false },
        ],
        score: 3.2,
      },
    ],
    fields: [
      {
        date: '2026-10-15',
        total: { value: 48500, currency: 'INR', text: 'INR 48,500.00' },
        people: [],
        organisations: ['Kaveri Design Studio'],
        passage_id: '11',
        document_name: 'kaveri-invoice-2041.pdf',
      },
    ],
    documents_read: [{ id: 'd1', name: 'kaveri-invoice-2041.pdf' }],
    empty_hint: null,
    destination_note: null,
    deliveries: [],
    ...over,
  };
}
