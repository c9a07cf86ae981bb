import type { AssistantChatMessage, Chat, Delivery } from '@trove/contracts';
import { POPUP_CLOSE_MS, useMutation, usePopup, useSession, useToasts, userMessage } from '@trove/kit';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { AnswerActions } from '../answer/answer-view';
import { createChat, deleteChat, renameChat } from '../chat-api/chat-api';
import { ChatList } from '../chat-list/chat-list';
import { useChatList } from '../chat-list/use-chat-list';
import { Composer, type ComposerHandle } from '../composer/composer';
import { PassagePanel } from '../passage/passage-panel';
import { SendDialog } from '../send/send-dialog';
import * as sendStyles from '../send/send-dialog.module.css';
import { ThreadView } from '../thread/thread-view';
import { useChatThread } from '../thread/use-chat-thread';
import { BackIcon, SparkIcon } from '@trove/kit/icons';
import {
  Button,
  buttonClassName,
  Card,
  Cluster,
  DialogForm,
  iconButtonClassName,
  Spinner,
  Stack,
  Text,
  VisuallyHidden,
} from '@trove/kit/ui';
import * as ui from '../ui/ui.module.css';
import { chatHref, NEW_CHAT, readChatLocation, withPassage } from './chat-path';
import * as styles from './workspace.module.css';

const SUGGESTIONS = [
  'find invoices over ₹10,000 last month',
  'summarize emails from Acme since March',
  'extract totals from receipts in Q2',
];

/** The relative times in the list are refreshed this often. */
const CLOCK_TICK_MS = 60_000;

function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function NewChatIntro({ onPick }: { onPick: (text: string) => void }) {
  return (
    <Stack gap={3} className={styles.intro}>
      <span className={styles.introIcon} aria-hidden="true">
        <SparkIcon className={ui.icon} />
      </span>
      <h2 className={styles.introTitle}>Ask across your documents</h2>
      <Text tone="muted" className={styles.introText}>
        Answers quote your uploads word for word, with the dates, totals and people pulled out — and each
        sentence links to the passage it came from.
      </Text>
      <Stack as="ul" gap={2} className={styles.suggestions} aria-label="Try one of these">
        {SUGGESTIONS.map((text) => (
          <li key={text}>
            <button type="button" className={styles.suggestion} onClick={() => onPick(text)}>
              {text}
            </button>
          </li>
        ))}
      </Stack>
      <Cluster as="p" gap={2} wrap={false} className={styles.introLinks}>
        <Link className={ui.link} to="/uploads">
          Upload documents
        </Link>
        <span aria-hidden="true">·</span>
        <Link className={ui.link} to="/connections">
          Connect a source
        </Link>
      </Cluster>
    </Stack>
  );
}

/**
 * The Chats page (issue 11): the chat list beside the open thread (on a phone, one or the other), the
 * composer under the thread, answers with their passages, and the passage and Send dialogs.
 */
export function ChatsWorkspace({ footer }: { footer?: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { chatId, composingNew, passageId } = readChatLocation(location.pathname, location.search);
  const list = useChatList();
  const thread = useChatThread(chatId);
  const popup = usePopup();
  const toasts = useToasts();
  const { user } = useSession();
  const now = useMinuteClock();
  const ids = { list: useId(), thread: useId(), status: useId() };
  const composer = useRef<ComposerHandle>(null);
  const newChatButton = useRef<HTMLButtonElement>(null);
  const [draft, setDraft] = useState('');
  const [announcement, setAnnouncement] = useState('');

  // Read inside callbacks that outlive a render (popup onClose).
  const locationRef = useRef(location);
  locationRef.current = location;

  const lastQuestion = useMemo(() => {
    for (let index = thread.messages.length - 1; index >= 0; index--) {
      const message = thread.messages[index];
      if (message?.role === 'user') return message.text;
    }
    return null;
  }, [thread.messages]);

  // ---- passage in context: ?passage=:id is the source of truth, so mailed links open it too ----
  const passageTicket = useRef<{ id: string; ticket: number } | null>(null);
  const passageTerms = useRef<string[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the passage in the URL is the one trigger.
  useEffect(() => {
    if (passageId === null) {
      if (passageTicket.current) popup.close(passageTicket.current.ticket);
      passageTicket.current = null;
      return;
    }
    if (passageTicket.current?.id === passageId) return;
    const openDocument = (href: string) => {
      // Forgotten first, so closing the popup does not take ?passage out of a URL being left.
      passageTicket.current = null;
      popup.close(ticket);
      navigate(href);
    };
    const ticket: number = popup.open(
      <PassagePanel passageId={passageId} terms={passageTerms.current} onOpenDocument={openDocument} />,
      {
        size: 'lg',
        title: 'Passage in context',
        onClose: () => {
          if (passageTicket.current?.ticket !== ticket) return;
          passageTicket.current = null;
          const current = locationRef.current;
          if (readChatLocation(current.pathname, current.search).passageId !== null)
            navigate(withPassage(current.pathname, current.search, null), { replace: true });
        },
      },
    );
    passageTicket.current = { id: passageId, ticket };
  }, [passageId]);

  const sendAnswerDialog = useCallback(
    (answer: AssistantChatMessage) => {
      const chat = thread.chat;
      if (!chat) return;
      const ticket = popup.open(
        <SendDialog
          chatId={chat.id}
          messageId={answer.id}
          defaultAddress={user?.email ?? ''}
          onCancel={() => popup.close(ticket)}
          onSent={(delivery: Delivery) => {
            thread.addDelivery(answer.id, delivery);
            popup.close(ticket);
            toasts.show({ type: 'success', message: `Sending the answer to ${delivery.address}.` });
          }}
        />,
        { size: 'sm', title: 'Send this answer' },
      );
    },
    [popup, thread.chat, thread.addDelivery, toasts, user?.email],
  );

  const answerActions = useMemo<AnswerActions>(
    () => ({
      passageHref: (id) => withPassage(location.pathname, location.search, id),
      openPassage: (id, terms) => {
        passageTerms.current = terms;
        navigate(withPassage(location.pathname, location.search, id));
      },
      send: sendAnswerDialog,
    }),
    [location.pathname, location.search, navigate, sendAnswerDialog],
  );

  // ---- asking ----
  const busy = thread.pending !== null;
  const ask = useCallback(
    async (text: string) => {
      if (busy) return;
      setDraft('');
      setAnnouncement('Searching your documents…');
      // Shown before any request leaves, even the one that first creates a new chat.
      thread.setPending(text);
      let id = chatId;
      try {
        if (id === null) {
          const chat = await createChat();
          thread.adopt(chat);
          list.upsert(chat);
          navigate(chatHref(chat.id), { replace: composingNew });
          id = chat.id;
        }
        const answer = await thread.ask(id, text);
        const found = answer.passages.length;
        setAnnouncement(
          found === 0
            ? 'Answer ready: nothing matched.'
            : `Answer ready: ${found} ${found === 1 ? 'passage' : 'passages'} from ${answer.documents_read.length} ${answer.documents_read.length === 1 ? 'document' : 'documents'}.`,
        );
        // The first question titles the chat on the server; the list learns the title and the time.
        void list.refresh();
      } catch (failure) {
        thread.setPending(null);
        // Nothing typed is lost: the question goes back into the composer.
        setDraft((current) => (current === '' ? text : current));
        const message = userMessage(failure, 'That question could not be answered.');
        setAnnouncement(message);
        // Before the chat exists there is no thread to show the error in.
        if (id === null) toasts.show({ type: 'error', message });
      }
      composer.current?.focus();
    },
    [busy, chatId, composingNew, list, navigate, thread, toasts],
  );

  // ---- list actions ----
  const openChat = useCallback((id: string) => navigate(chatHref(id)), [navigate]);
  const newChat = useCallback(() => {
    navigate(`/chats/${NEW_CHAT}`);
    setDraft('');
    composer.current?.focus();
  }, [navigate]);

  const rename = useCallback(
    async (chat: Chat, title: string) => {
      // A failure is worded by the list's rename form, which shows it at the field.
      const renamed = await renameChat(chat.id, title);
      list.upsert(renamed);
      if (thread.chat?.id === renamed.id) thread.setChat(renamed);
    },
    [list, thread],
  );

  const confirmDelete = useCallback(
    (chat: Chat) => {
      const ticket = popup.open(
        <DeleteConfirm
          title={chat.title}
          onCancel={() => popup.close(ticket)}
          onConfirm={async () => {
            try {
              await deleteChat(chat.id);
              list.remove(chat.id);
              popup.close(ticket);
              toasts.show({ type: 'success', message: `Deleted “${chat.title}”.` });
              if (chat.id === chatId) navigate('/chats', { replace: true });
              // The row that held focus is gone: keyboard users continue from New chat, once the popup's
              // focus trap has let go (it gives focus back to the removed Delete button).
              setTimeout(() => newChatButton.current?.focus(), POPUP_CLOSE_MS + 50);
            } catch (failure) {
              popup.close(ticket);
              toasts.show({ type: 'error', message: userMessage(failure, 'The chat could not be deleted.') });
            }
          }}
        />,
        { size: 'sm', title: 'Delete this chat?' },
      );
    },
    [chatId, list, navigate, popup, toasts],
  );

  // On a phone the list and the thread take turns: /chats is the list, /chats/new and /chats/:id the thread.
  const view = chatId !== null || composingNew ? 'thread' : 'list';
  const title = thread.chat?.title ?? 'New chat';
  const showIntro = chatId === null || (thread.status === 'ready' && thread.messages.length === 0 && !busy);

  return (
    <div className={styles.workspace} data-view={view}>
      <Stack as="nav" className={styles.sidebar} aria-labelledby={ids.list}>
        <ChatList
          headingId={ids.list}
          newChatRef={newChatButton}
          chats={list.chats}
          status={list.status}
          error={list.error}
          activeId={chatId}
          now={now}
          onOpen={openChat}
          onNew={newChat}
          onRename={rename}
          onDelete={confirmDelete}
          onRetry={() => void list.refresh()}
          hasMore={list.hasMore}
          loadingMore={list.loadingMore}
          moreError={list.moreError}
          onShowMore={() => void list.showMore()}
        />
        <div className={styles.sidebarFooter}>{footer}</div>
      </Stack>
      <Stack as="section" className={styles.main} aria-labelledby={ids.thread}>
        <Cluster as="header" gap={2} wrap={false} align="center" className={styles.threadHead}>
          <Link
            className={iconButtonClassName({ className: styles.back })}
            to="/chats"
            aria-label="All chats"
          >
            <BackIcon className={ui.icon} />
          </Link>
          <Text as="h2" weight="bold" className={styles.threadTitle} id={ids.thread}>
            {title}
          </Text>
        </Cluster>
        <div className={styles.scroller} data-thread-scroller>
          <div className={styles.column}>
            {thread.status === 'loading' ? (
              <Cluster
                gap={3}
                wrap={false}
                align="center"
                justify="center"
                className={styles.threadLoading}
                role="status"
              >
                <Spinner />
                Opening the chat…
              </Cluster>
            ) : thread.status === 'missing' ? (
              <Card className={styles.missing}>
                <h3>This chat isn’t here</h3>
                <p>It may have been deleted, or it belongs to another account.</p>
                <Link
                  className={buttonClassName({ variant: 'primary', size: 'sm' })}
                  to={`/chats/${NEW_CHAT}`}
                >
                  Start a new chat
                </Link>
              </Card>
            ) : thread.status === 'error' ? (
              <Card className={styles.missing} role="alert">
                <p>{thread.error}</p>
                <Button size="sm" onClick={() => void thread.reload()}>
                  Retry
                </Button>
              </Card>
            ) : showIntro && !busy ? (
              <NewChatIntro
                onPick={(text) => {
                  setDraft(text);
                  composer.current?.focus();
                }}
              />
            ) : (
              <ThreadView messages={thread.messages} pending={thread.pending} actions={answerActions} />
            )}
            {thread.error && thread.status === 'ready' ? (
              <Text tone="danger" size="sm" className={styles.askError} role="alert">
                {thread.error}
              </Text>
            ) : null}
          </div>
        </div>
        <div className={styles.composerBar}>
          <div className={styles.column}>
            <Composer
              ref={composer}
              value={draft}
              onChange={setDraft}
              onSend={(text) => void ask(text)}
              lastQuestion={lastQuestion}
              busy={busy}
            />
          </div>
        </div>
        {/* One polite region for the progress of a question (issue 11: "a status live region"). */}
        <VisuallyHidden as="p" role="status" id={ids.status} data-testid="chat-status">
          {announcement}
        </VisuallyHidden>
      </Stack>
    </div>
  );
}

function DeleteConfirm({
  title,
  onConfirm,
  onCancel,
}: {
  title: string;
  onConfirm: () => Promise<void>;
  onCancel: () => void;
}) {
  // The confirm closes once the chat is gone, or says why it is not (onConfirm): busy until then.
  const { busy: deleting, run } = useMutation();
  return (
    <DialogForm as="div">
      <p className={sendStyles.confirmText}>
        “{title}” and its answers will be deleted for good. Mails already sent stay in their inboxes.
      </p>
      <Cluster gap={2} justify="end" wrap={false}>
        {/* The safe choice takes focus in a destructive dialog. */}
        <Button size="sm" onClick={onCancel} autoFocus>
          Cancel
        </Button>
        <Button
          variant="danger"
          size="sm"
          disabled={deleting}
          onClick={() => void run(onConfirm, 'The chat could not be deleted.', { closesOnSuccess: true })}
        >
          {deleting ? 'Deleting…' : 'Delete chat'}
        </Button>
      </Cluster>
    </DialogForm>
  );
}
