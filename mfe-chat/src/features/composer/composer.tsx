import { forwardRef, type KeyboardEvent, useId, useImperativeHandle, useRef } from 'react';
import { ArrowRightIcon } from '@trove/kit/icons';
import { Button, Cluster, Spinner, Stack, Text, VisuallyHidden } from '@trove/kit/ui';
import * as ui from '../ui/ui.module.css';
import { commandPreview } from './command-preview';
import { composerKeyAction } from './composer-keys';
import * as styles from './composer.module.css';

export interface ComposerHandle {
  focus: () => void;
}

interface ComposerProps {
  value: string;
  onChange: (value: string) => void;
  /** Called with the trimmed text; the composer never sends while `busy`. */
  onSend: (text: string) => void;
  /** The question ↑ brings back, if there is one. */
  lastQuestion: string | null;
  /** An answer is on its way: a second send is refused until it lands. */
  busy: boolean;
}

/**
 * The question box (issue 11, "Asking"): Enter sends, Shift+Enter starts a new line, ↑ in an empty box
 * brings the last question back. Below it, the grammar and a live reading of what was typed.
 */
export const Composer = forwardRef<ComposerHandle, ComposerProps>(function Composer(
  { value, onChange, onSend, lastQuestion, busy },
  ref,
) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const ids = { input: useId(), hint: useId() };
  useImperativeHandle(ref, () => ({ focus: () => textarea.current?.focus() }), []);

  const preview = commandPreview(value);
  const canSend = !busy && value.trim() !== '';

  const send = () => {
    if (!canSend) return;
    onSend(value.trim());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const action = composerKeyAction(
      {
        key: event.key,
        shiftKey: event.shiftKey,
        altKey: event.altKey,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        isComposing: event.nativeEvent.isComposing,
      },
      value,
    );
    if (action === 'send') {
      event.preventDefault();
      send();
    } else if (action === 'edit-last' && lastQuestion) {
      event.preventDefault();
      onChange(lastQuestion);
      // After React has put the text in: the caret goes to its end, ready to edit.
      requestAnimationFrame(() => {
        const element = textarea.current;
        if (element) element.setSelectionRange(element.value.length, element.value.length);
      });
    }
  };

  return (
    <Stack
      as="form"
      gap={2}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <VisuallyHidden as="label" htmlFor={ids.input}>
        Ask about your documents
      </VisuallyHidden>
      <Cluster gap={2} wrap={false} className={styles.box}>
        <textarea
          ref={textarea}
          id={ids.input}
          className={styles.input}
          value={value}
          rows={1}
          placeholder="Ask a question or type a command…"
          aria-describedby={ids.hint}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          // biome-ignore lint/a11y/noAutofocus: the page exists to ask; keyboard users start typing at once.
          autoFocus
        />
        <Button
          type="submit"
          variant="primary"
          size="sm"
          className={styles.send}
          aria-disabled={!canSend}
          aria-label={busy ? 'Sending… wait for the answer' : 'Send question'}
        >
          {busy ? <Spinner /> : <ArrowRightIcon className={ui.icon} />}
        </Button>
      </Cluster>
      <Cluster gap={4} rowGap={1} align="center" justify="between" className={styles.hint} id={ids.hint}>
        {preview ? (
          <Cluster
            as="p"
            gap={2}
            rowGap={1}
            align="baseline"
            className={styles.preview}
            data-testid="command-preview"
          >
            <Text as="span" weight="semibold">
              Understood
            </Text>
            <span className={styles.previewAction}>{preview.action}</span>
            {preview.query ? <span className={styles.previewQuery}>“{preview.query}”</span> : null}
            {preview.destination ? (
              <>
                <span aria-hidden="true">→</span>
                <Text as="span" tone="strong" weight="semibold">
                  <VisuallyHidden>then send to </VisuallyHidden>
                  {preview.destination}
                </Text>
              </>
            ) : null}
            {preview.warning ? (
              <Text as="span" tone="danger">
                {preview.warning}
              </Text>
            ) : null}
          </Cluster>
        ) : (
          <p className={styles.grammar}>
            <code>find</code>, <code>summarize</code> or <code>extract</code> … then optionally{' '}
            <code>-&gt; email you@example.com</code>
          </p>
        )}
        <p className={styles.keys}>
          <kbd>Enter</kbd> to send · <kbd>Shift</kbd>+<kbd>Enter</kbd> new line · <kbd>↑</kbd> edit last
        </p>
      </Cluster>
    </Stack>
  );
});
