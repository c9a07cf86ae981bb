import type { ChatMessage } from '@trove/contracts';
import { useEffect, useRef } from 'react';
import { type AnswerActions, AnswerView } from '../answer/answer-view';
import { Card, Cluster, Spinner, Stack, Text, VisuallyHidden } from '@trove/kit/ui';
import * as styles from './thread.module.css';

interface ThreadViewProps {
  messages: ChatMessage[];
  pending: string | null;
  actions: AnswerActions;
}

function Question({ text }: { text: string }) {
  return (
    <Cluster justify="end" wrap={false}>
      <Text breakAnywhere className={styles.question}>
        <VisuallyHidden>You asked: </VisuallyHidden>
        {text}
      </Text>
    </Cluster>
  );
}

/** The questions and answers of one chat, oldest first, ending with the one on its way. */
export function ThreadView({ messages, pending, actions }: ThreadViewProps) {
  const end = useRef<HTMLDivElement>(null);
  const count = messages.length;

  // A new question or answer brings the end of the thread into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the count and the pending question are the triggers.
  useEffect(() => {
    // Only the thread's own scroller moves: scrollIntoView would scroll the shell's page as well.
    const scroller = end.current?.closest<HTMLElement>('[data-thread-scroller]');
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  }, [count, pending]);

  return (
    <>
      <Stack as="ol" gap={4} aria-label="Questions and answers">
        {messages.map((message) => (
          <Stack as="li" key={message.id} gap={4} data-role={message.role}>
            {message.role === 'user' ? (
              <Question text={message.text} />
            ) : (
              <AnswerView answer={message} actions={actions} />
            )}
          </Stack>
        ))}
        {pending !== null ? (
          <Stack as="li" gap={4} data-role="pending">
            <Question text={pending} />
            <Card className={styles.pendingAnswer} data-testid="pending-answer">
              <Spinner />
              <span>Searching your documents…</span>
              <Stack as="span" gap={2} className={styles.pendingLines} aria-hidden="true">
                <span />
                <span />
                <span />
              </Stack>
            </Card>
          </Stack>
        ) : null}
      </Stack>
      <div ref={end} />
    </>
  );
}
