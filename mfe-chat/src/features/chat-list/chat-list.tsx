import type { Chat } from '@trove/contracts';
import { CHAT_TITLE_MAX_LENGTH } from '@trove/contracts';
import { type FormEvent, type MouseEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useMutation } from '@trove/kit';
import { ChatBubbleIcon, PencilIcon, PlusIcon, TrashIcon } from '@trove/kit/icons';
import { Button, Cluster, IconButton, Spinner, Stack, Text, VisuallyHidden } from '@trove/kit/ui';
import * as ui from '../ui/ui.module.css';
import * as styles from './chat-list.module.css';
import { relativeTime } from '@trove/kit/format';

interface ChatListProps {
  headingId: string;
  newChatRef?: RefObject<HTMLButtonElement | null>;
  chats: Chat[];
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  activeId: string | null;
  now: Date;
  onOpen: (chatId: string) => void;
  onNew: () => void;
  onRename: (chat: Chat, title: string) => Promise<void>;
  onDelete: (chat: Chat) => void;
  onRetry: () => void;
  /** Older chats exist beyond those shown: a "Show more" button ends the list. */
  hasMore?: boolean;
  loadingMore?: boolean;
  moreError?: string | null;
  onShowMore?: () => void;
}

/** Issue 11 §1: the user's chats — title from the first question, last activity — with new, rename, delete. */
export function ChatList(props: ChatListProps) {
  const { headingId, newChatRef, chats, status, error, activeId, now, onNew, onRetry } = props;
  const { hasMore = false, loadingMore = false, moreError = null, onShowMore } = props;
  const items = useRef<HTMLUListElement>(null);
  const moreButton = useRef<HTMLButtonElement>(null);
  // How many chats were shown when "Show more" was pressed: focus goes to the first one it added, so a
  // keyboard user carries on where the list grew (and is not dropped when the button goes on the last page).
  // The page and the end of loading arrive in one render, so loadingMore turning false is the moment.
  const shownBeforeMore = useRef<number | null>(null);

  useEffect(() => {
    const before = shownBeforeMore.current;
    if (before === null || loadingMore) return;
    shownBeforeMore.current = null;
    const rows = items.current?.children;
    if (rows === undefined) return;
    const row =
      rows.length > before ? rows[before] : moreButton.current === null ? rows[rows.length - 1] : null;
    row?.querySelector<HTMLElement>('a, input')?.focus();
  }, [loadingMore]);

  const showMore = () => {
    // aria-disabled, not disabled, while a page loads: the button keeps keyboard focus (ADR 016).
    if (loadingMore || onShowMore === undefined) return;
    shownBeforeMore.current = chats.length;
    onShowMore();
  };

  return (
    <Stack className={styles.list}>
      <Cluster gap={3} wrap={false} align="center" justify="between" className={styles.head}>
        <h1 className={styles.heading} id={headingId}>
          Chats
        </h1>
        <Button ref={newChatRef} variant="primary" size="sm" onClick={onNew} data-testid="new-chat">
          <PlusIcon className={ui.icon} />
          New chat
        </Button>
      </Cluster>
      {status === 'loading' ? (
        <ul className={styles.items} aria-hidden="true">
          {[0, 1, 2].map((key) => (
            <li key={key} className={styles.skeleton} />
          ))}
        </ul>
      ) : status === 'error' ? (
        <div className={styles.message} role="alert">
          <p>{error}</p>
          <Button size="sm" onClick={onRetry}>
            Retry
          </Button>
        </div>
      ) : chats.length === 0 && !hasMore ? (
        <p className={styles.message}>No chats yet. Your questions and their answers are kept here.</p>
      ) : (
        <Stack className={styles.scroll}>
          <ul ref={items} className={styles.items} aria-labelledby={headingId}>
            {chats.map((chat) => (
              <ChatListItem key={chat.id} {...props} chat={chat} active={chat.id === activeId} now={now} />
            ))}
          </ul>
          {hasMore || moreError ? (
            <Stack gap={2} className={styles.more}>
              {moreError ? (
                <Text tone="danger" size="sm" role="alert">
                  {moreError}
                </Text>
              ) : null}
              {hasMore ? (
                <Button
                  ref={moreButton}
                  size="sm"
                  className={styles.moreButton}
                  aria-disabled={loadingMore || undefined}
                  aria-busy={loadingMore || undefined}
                  onClick={showMore}
                >
                  {loadingMore ? <Spinner /> : null}
                  Show more
                </Button>
              ) : null}
            </Stack>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}

function ChatListItem({
  chat,
  active,
  now,
  onOpen,
  onRename,
  onDelete,
}: ChatListProps & { chat: Chat; active: boolean }) {
  const [renaming, setRenaming] = useState(false);
  // The blur that follows Enter finds the save under way and does nothing (useMutation's one run at a time).
  const { busy: saving, error, run, setError } = useMutation();
  const input = useRef<HTMLInputElement>(null);
  const link = useRef<HTMLAnchorElement>(null);
  const inputId = useId();
  const errorId = useId();
  const focusLinkAfter = useRef(false);

  useEffect(() => {
    if (renaming) input.current?.select();
    else if (focusLinkAfter.current) {
      focusLinkAfter.current = false;
      link.current?.focus();
    }
  }, [renaming]);

  const stop = () => {
    focusLinkAfter.current = true;
    setRenaming(false);
    setError(null);
  };

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    if (saving) return;
    const title = input.current?.value.trim() ?? '';
    if (title === chat.title) return stop();
    if (title === '') {
      setError('Give the chat a title.');
      return;
    }
    if (await run(() => onRename(chat, title), 'The chat could not be renamed.')) stop();
  };

  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpen(chat.id);
  };

  if (renaming) {
    return (
      <Cluster as="li" wrap={false} align="center" className={styles.item} data-active={active || undefined}>
        <Stack as="form" gap={1} className={styles.rename} onSubmit={save}>
          <VisuallyHidden as="label" htmlFor={inputId}>
            Chat title
          </VisuallyHidden>
          <input
            ref={input}
            id={inputId}
            className={styles.renameInput}
            defaultValue={chat.title}
            maxLength={CHAT_TITLE_MAX_LENGTH}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            disabled={saving}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.preventDefault();
                event.stopPropagation();
                stop();
              }
            }}
            onBlur={() => void save()}
          />
          {error ? (
            <Text size="xs" className={styles.renameError} id={errorId} role="alert">
              {error}
            </Text>
          ) : (
            <p className={styles.renameHelp}>Enter to save · Esc to cancel</p>
          )}
        </Stack>
      </Cluster>
    );
  }

  return (
    <Cluster as="li" wrap={false} align="center" className={styles.item} data-active={active || undefined}>
      <a
        ref={link}
        className={styles.link}
        href={`/chats/${encodeURIComponent(chat.id)}`}
        aria-current={active ? 'page' : undefined}
        onClick={open}
      >
        <span className={styles.itemIcon} aria-hidden="true">
          <ChatBubbleIcon className={ui.icon} />
        </span>
        <Stack as="span" className={styles.text}>
          <Text as="span" size="sm" weight="semibold" className={styles.title}>
            {chat.title}
          </Text>
          <Text as="time" tone="muted" size="xs" dateTime={chat.updated_at}>
            {relativeTime(chat.updated_at, now.getTime())}
          </Text>
        </Stack>
      </a>
      <span className={styles.actions}>
        <IconButton label={`Rename “${chat.title}”`} title="Rename" onClick={() => setRenaming(true)}>
          <PencilIcon className={ui.icon} />
        </IconButton>
        <IconButton label={`Delete “${chat.title}”`} title="Delete" onClick={() => onDelete(chat)}>
          <TrashIcon className={ui.icon} />
        </IconButton>
      </span>
    </Cluster>
  );
}
