import { DESTINATION_KIND_LABELS, type Delivery, EmailSchema, type SavedDestination } from '@trove/contracts';
import { useMutation } from '@trove/kit';
import { useServerState } from '@trove/kit/server-state';
import { type FormEvent, useId, useState } from 'react';
import { sendAnswer } from '../chat-api/chat-api';
import { Button, Cluster, DialogForm, DialogLead, Spinner, Stack, Text } from '@trove/kit/ui';
import { listDestinations, postAnswer } from './destinations-api';
import * as styles from './send-dialog.module.css';

interface SendDialogProps {
  chatId: string;
  messageId: string;
  /** The signed-in user's address, so "send it to me" is one keystroke. */
  defaultAddress: string;
  onSent: (delivery: Delivery) => void;
  onCancel: () => void;
}

/**
 * Issue 11 §4: mail an answer (summary, table and links back to the passages) through the outbox. The
 * address is checked with the same contracts rule the service applies before anything is sent.
 */
export function SendDialog({ chatId, messageId, defaultAddress, onSent, onCancel }: SendDialogProps) {
  const [address, setAddress] = useState(defaultAddress);
  const { busy: sending, error, run, setError } = useMutation();
  const ids = { input: useId(), error: useId(), help: useId(), destinations: useId() };
  // Issue 22: the user's Slack, Teams and Google Chat destinations, one click each.
  const destinations = useServerState(listDestinations, []);

  // The dialog closes once the answer is on its way (onSent), so it stays busy until then.
  const post = (destination: SavedDestination) =>
    run(
      async () => onSent(await postAnswer(chatId, messageId, destination.id)),
      `The answer could not be posted to ${destination.name}. Try again.`,
      { closesOnSuccess: true },
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const parsed = EmailSchema.safeParse(address);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a valid email address.');
      return;
    }
    await run(
      async () => onSent(await sendAnswer(chatId, messageId, parsed.data)),
      'The answer could not be sent. Try again.',
      { closesOnSuccess: true },
    );
  };

  return (
    <DialogForm onSubmit={submit} noValidate>
      <DialogLead id={ids.help}>
        We’ll email the summary, the fields table and links back to each passage. Links open only for you,
        signed in.
      </DialogLead>
      <Stack gap={1}>
        <Text as="label" htmlFor={ids.input} size="sm" weight="semibold">
          Email address
        </Text>
        <input
          id={ids.input}
          className={styles.input}
          type="email"
          autoComplete="email"
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids.error} ${ids.help}` : ids.help}
          // biome-ignore lint/a11y/noAutofocus: the dialog exists for this one field.
          autoFocus
        />
        {error ? (
          <Text tone="danger" size="sm" id={ids.error} role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
      {destinations.data !== undefined && destinations.data.length > 0 ? (
        <Stack as="fieldset" gap={2} className={styles.destinations} aria-describedby={ids.destinations}>
          <Text as="legend" size="sm" weight="semibold">
            Or post it to
          </Text>
          <DialogLead id={ids.destinations}>Your destinations from Connections.</DialogLead>
          <Cluster as="ul" gap={2}>
            {destinations.data.map((destination) => (
              <li key={destination.id}>
                <Button
                  size="sm"
                  disabled={sending}
                  onClick={() => void post(destination)}
                  aria-label={`Post to ${destination.name} (${DESTINATION_KIND_LABELS[destination.kind]})`}
                >
                  {destination.name} · {DESTINATION_KIND_LABELS[destination.kind]}
                </Button>
              </li>
            ))}
          </Cluster>
        </Stack>
      ) : null}
      <Cluster gap={2} justify="end" wrap={false}>
        <Button size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" size="sm" disabled={sending}>
          {sending ? <Spinner /> : null}
          {sending ? 'Sending…' : 'Send answer'}
        </Button>
      </Cluster>
    </DialogForm>
  );
}
