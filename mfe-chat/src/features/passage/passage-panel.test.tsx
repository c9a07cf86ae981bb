// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { PassageContextResponse } from '@trove/contracts';
import { KitProviders } from '@trove/kit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getPassage } from '../chat-api/chat-api';
import { PassagePanel } from './passage-panel';

vi.mock('../chat-api/chat-api', () => ({ getPassage: vi.fn() }));
const getPassageMock = vi.mocked(getPassage);

// Issue 21: a passage from a mailbox opens "in context with its folder" — "Work mail › INBOX" under the
// document; an upload's passage shows no such line.

afterEach(cleanup);

const context = (source: PassageContextResponse['document']['source']): PassageContextResponse => ({
  document: { id: 'd1', name: 'INBOX/7.eml', title: 'Kumquat delivery', type: 'eml', source },
  passage: { id: '1', ordinal: 0, location: 'body', text: 'The kumquat delivery arrives on Tuesday.' },
  before: [],
  after: [],
});

function renderPanel(onOpenDocument: (href: string) => void = () => undefined) {
  render(
    <KitProviders config={{ name: 'Trove', shortName: 'T', tagline: 'Find anything.' }}>
      <PassagePanel passageId="1" terms={['kumquat']} onOpenDocument={onOpenDocument} />
    </KitProviders>,
  );
}

describe('the passage panel’s source line', () => {
  it('names the source and folder of a message', async () => {
    getPassageMock.mockResolvedValue(context({ name: 'Work mail', folder: 'INBOX' }));
    renderPanel();
    expect((await screen.findByTestId('passage-source')).textContent).toBe('Work mail › INBOX');
  });

  it('shows nothing for an upload', async () => {
    getPassageMock.mockResolvedValue(context(null));
    renderPanel();
    await screen.findByTestId('passage-panel');
    expect(screen.queryByTestId('passage-source')).toBeNull();
  });

  it('calls a database source’s row a Row, not the HTML it is stored as', async () => {
    getPassageMock.mockResolvedValue(context({ name: 'Billing', folder: 'invoices', kind: 'postgres' }));
    renderPanel();
    const panel = await screen.findByTestId('passage-panel');
    expect(panel.textContent).toContain('Row · INBOX/7.eml');
    expect(panel.textContent).not.toContain('EML ·');
  });
});

describe('the passage panel’s way on (issue 38 item 1)', () => {
  it('links to the whole document at the passage, and a click hands the link to the chat to follow', async () => {
    getPassageMock.mockResolvedValue(context(null));
    const opened: string[] = [];
    renderPanel((href) => opened.push(href));
    const link = await screen.findByRole('link', { name: 'Open the whole document' });
    expect(link.getAttribute('href')).toBe('/documents/d1#passage-1');
    fireEvent.click(link);
    expect(opened).toEqual(['/documents/d1#passage-1']);
  });
});
