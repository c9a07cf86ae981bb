// @vitest-environment happy-dom
import type { Chat } from '@trove/contracts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatList } from './chat-list';

afterEach(cleanup);

const NOW = new Date('2026-11-20T12:00:00Z');
const chats: Chat[] = [
  { id: 'a', title: 'find invoices', created_at: '2026-11-20T11:00:00Z', updated_at: '2026-11-20T11:58:00Z' },
  { id: 'b', title: 'Q2 receipts', created_at: '2026-11-01T11:00:00Z', updated_at: '2026-11-02T11:00:00Z' },
];

function renderList(over: Partial<Parameters<typeof ChatList>[0]> = {}) {
  const props = {
    headingId: 'h',
    chats,
    status: 'ready' as const,
    error: null,
    activeId: 'a',
    now: NOW,
    onOpen: vi.fn(),
    onNew: vi.fn(),
    onRename: vi.fn(async () => {}),
    onDelete: vi.fn(),
    onRetry: vi.fn(),
    ...over,
  };
  render(<ChatList {...props} />);
  return props;
}

const older: Chat = {
  id: 'c',
  title: 'Old travel',
  created_at: '2026-10-01T11:00:00Z',
  updated_at: '2026-10-01T11:00:00Z',
};
/** A list whose parent loads one more page (the older chat) when asked, like the workspace does. */
function Paged() {
  const [shown, setShown] = useState(chats);
  const [loading, setLoading] = useState(false);
  return (
    <>
      <ChatList
        headingId="h"
        chats={shown}
        status="ready"
        error={null}
        activeId={null}
        now={NOW}
        onOpen={vi.fn()}
        onNew={vi.fn()}
        onRename={vi.fn(async () => {})}
        onDelete={vi.fn()}
        onRetry={vi.fn()}
        hasMore={shown.length === chats.length}
        loadingMore={loading}
        onShowMore={() => setLoading(true)}
      />
      <button
        type="button"
        onClick={() => {
          setShown([...chats, older]);
          setLoading(false);
        }}
      >
        page arrives
      </button>
    </>
  );
}

describe('ChatList', () => {
  it('lists each chat with its title and last activity; the open one is marked current', () => {
    renderList();
    const open = screen.getByRole('link', { name: /find invoices/ });
    expect(open.getAttribute('aria-current')).toBe('page');
    expect(open.textContent).toContain('2 min ago');
    expect(screen.getByRole('link', { name: /Q2 receipts/ }).getAttribute('href')).toBe('/chats/b');
  });

  it('a click opens the chat in place', () => {
    const props = renderList();
    fireEvent.click(screen.getByRole('link', { name: /Q2 receipts/ }));
    expect(props.onOpen).toHaveBeenCalledWith('b');
  });

  it('renames inline: Enter saves the new title, Escape cancels', async () => {
    const props = renderList();
    fireEvent.click(screen.getByRole('button', { name: 'Rename “Q2 receipts”' }));
    const input = screen.getByRole('textbox', { name: 'Chat title' });
    fireEvent.change(input, { target: { value: 'Q2 travel receipts' } });
    await act(async () => {
      fireEvent.submit(input);
    });
    expect(props.onRename).toHaveBeenCalledWith(chats[1], 'Q2 travel receipts');

    fireEvent.click(screen.getByRole('button', { name: 'Rename “find invoices”' }));
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Chat title' }), { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'Chat title' })).toBeNull();
    expect(props.onRename).toHaveBeenCalledTimes(1);
  });

  it('refuses an empty title with a message', async () => {
    const props = renderList();
    fireEvent.click(screen.getByRole('button', { name: 'Rename “Q2 receipts”' }));
    const input = screen.getByRole('textbox', { name: 'Chat title' });
    fireEvent.change(input, { target: { value: '   ' } });
    await act(async () => {
      fireEvent.submit(input);
    });
    expect(screen.getByRole('alert').textContent).toBe('Give the chat a title.');
    expect(props.onRename).not.toHaveBeenCalled();
  });

  it('asks the page to confirm a delete', () => {
    const props = renderList();
    fireEvent.click(screen.getByRole('button', { name: 'Delete “Q2 receipts”' }));
    expect(props.onDelete).toHaveBeenCalledWith(chats[1]);
  });

  it('offers Retry when the list could not be loaded', () => {
    const props = renderList({ status: 'error', error: 'Your chats could not be loaded.', chats: [] });
    expect(screen.getByRole('alert').textContent).toContain('Your chats could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(props.onRetry).toHaveBeenCalled();
  });

  it('ends with a real “Show more” button only while there are older chats', () => {
    const props = renderList({ hasMore: true, onShowMore: vi.fn() });
    const more = screen.getByRole('button', { name: 'Show more' });
    expect(more.tagName).toBe('BUTTON');
    expect(more.getAttribute('type')).toBe('button');
    // After the last chat, not among them.
    const list = screen.getByRole('list');
    expect(list.contains(more)).toBe(false);
    expect(list.compareDocumentPosition(more) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(more);
    expect(props.onShowMore).toHaveBeenCalledTimes(1);

    cleanup();
    renderList({ hasMore: false, onShowMore: vi.fn() });
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('while a page loads the button keeps focus, says it is busy and does not ask twice', () => {
    const props = renderList({ hasMore: true, loadingMore: true, onShowMore: vi.fn() });
    const more = screen.getByRole('button', { name: 'Show more' });
    more.focus();
    fireEvent.click(more);
    expect(props.onShowMore).not.toHaveBeenCalled();
    expect(more.getAttribute('aria-disabled')).toBe('true');
    expect(more.getAttribute('aria-busy')).toBe('true');
    expect(more.hasAttribute('disabled')).toBe(false);
    expect(document.activeElement).toBe(more);
  });

  it('says when more chats could not be loaded, and offers the button again', () => {
    renderList({ hasMore: true, moreError: 'More chats could not be loaded.', onShowMore: vi.fn() });
    expect(screen.getByRole('alert').textContent).toBe('More chats could not be loaded.');
    expect(screen.getByRole('button', { name: 'Show more' })).toBeTruthy();
  });

  it('after “Show more” focus goes to the first chat it added, also when it was the last page', async () => {
    render(<Paged />);
    const more = screen.getByRole('button', { name: 'Show more' });
    more.focus();
    fireEvent.click(more);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'page arrives' }));
    });
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: /Old travel/ }));
  });
});
