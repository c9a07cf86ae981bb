import {
  DESTINATION_KIND_LABELS,
  DESTINATION_KINDS,
  type DestinationKind,
  type DestinationTestResult,
  type SavedDestination,
} from '@trove/contracts';
import { useMutation, userMessage, useToasts } from '@trove/kit';
import { useServerState } from '@trove/kit/server-state';
import { Button, Cluster, Field, Heading, Input, Select, Spinner, Text } from '@trove/kit/ui';
import { type FormEvent, useState } from 'react';
import {
  createDestination,
  listDestinations,
  removeDestination,
  testDestination,
  trustDestination,
} from './destinations-api';
import * as sourceStyles from '../sources/sources.module.css';
import * as styles from './destinations.module.css';

const URL_HINTS: Readonly<Record<DestinationKind, string>> = {
  slack: 'Slack → your app → Incoming Webhooks: https://hooks.slack.com/services/…',
  teams: 'Teams channel → Workflows → “Post to a channel when a webhook request is received”: copy its URL.',
  google_chat: 'Google Chat space → Apps & integrations → Webhooks: https://chat.googleapis.com/v1/spaces/…',
};

/** The last test's outcome, announced as it arrives. */
function TestLine({ result }: { result: DestinationTestResult | undefined }) {
  return (
    <span
      role="status"
      className={result?.ok === false ? styles.error : styles.itemMeta}
      data-testid="destination-test"
    >
      {result === undefined ? '' : result.message}
    </span>
  );
}

/**
 * The certificate a failed test met, to compare with the receiver's own and trust (issue 38 item 4: as IMAP
 * offers it): only when no authority vouches for it, or it is not the one trusted before.
 */
function Certificate({
  result,
  busy,
  name,
  onTrust,
}: {
  result: DestinationTestResult | undefined;
  busy: boolean;
  name: string;
  onTrust: (sha256: string) => void;
}) {
  const certificate = result?.ok === false ? result.certificate : undefined;
  if (certificate === undefined) return null;
  return (
    <Cluster as="span" gap={2} align="center" data-testid="destination-certificate">
      <span className={styles.itemMeta}>
        Trust it only if this is your receiver’s: SHA-256{' '}
        <Text as="code" size="xs" breakAnywhere>
          {certificate.sha256}
        </Text>
        , issued to {certificate.subject} by {certificate.issuer}, valid until {certificate.valid_to}.
      </span>
      <Button
        size="sm"
        busy={busy}
        onClick={() => onTrust(certificate.sha256)}
        aria-label={`Trust this certificate for ${name}`}
      >
        Trust this certificate
      </Button>
    </Cluster>
  );
}

/**
 * Where answers can be sent besides email (issue 22 "Ship"): add a Slack, Teams or Google Chat webhook by
 * name (“#finance”), see them, remove one. The URL is sent once and never shown again (only its host).
 */
export function DestinationsSection() {
  const state = useServerState(listDestinations, []);
  const toasts = useToasts();
  const [kind, setKind] = useState<DestinationKind>('slack');
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const { busy: saving, error, run } = useMutation();
  const [removing, setRemoving] = useState<string | null>(null);
  const [testing, setTesting] = useState<string | null>(null);
  const [tested, setTested] = useState<ReadonlyMap<string, DestinationTestResult>>(new Map());

  const [trusting, setTrusting] = useState<string | null>(null);

  // Issue 38 item 4: the certificate a failed test showed, trusted as IMAP's is; then the test runs again.
  async function trust(destination: SavedDestination, sha256: string) {
    setTrusting(destination.id);
    try {
      const saved = await trustDestination(destination.id, sha256);
      state.setData((current) => current?.map((each) => (each.id === saved.id ? saved : each)));
    } catch (err) {
      const message = userMessage(err, 'The certificate could not be trusted; try again.');
      setTested((current) => new Map(current).set(destination.id, { ok: false, message }));
      return;
    } finally {
      setTrusting(null);
    }
    await test(destination);
  }

  // Issue 38 item 4: a small message posted at once, and what came of it, beside the destination.
  async function test(destination: SavedDestination) {
    setTesting(destination.id);
    let result: DestinationTestResult;
    try {
      result = await testDestination(destination.id);
    } catch (err) {
      result = { ok: false, message: userMessage(err, 'The test could not be sent; try again.') };
    } finally {
      setTesting(null);
    }
    setTested((current) => new Map(current).set(destination.id, result));
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    await run(async () => {
      const saved = await createDestination({ kind, name, url });
      state.setData((list) => [...(list ?? []), saved]);
      setName('');
      setUrl('');
      toasts.show({
        type: 'success',
        message: `Answers can now go to ${saved.name}: end a question with “-> ${saved.name}”.`,
      });
    }, 'The destination could not be saved.');
  }

  async function remove(destination: SavedDestination) {
    setRemoving(destination.id);
    try {
      await removeDestination(destination.id);
      state.setData((list) => list?.filter((each) => each.id !== destination.id));
    } catch (err) {
      toasts.show({
        type: 'error',
        message: `Could not remove ${destination.name}: ${userMessage(err, 'try again')}.`,
      });
    } finally {
      setRemoving(null);
    }
  }

  const destinations = state.data;
  return (
    <section className={styles.destinations} aria-labelledby="connections-destinations">
      <Heading level={2} size="xl" id="connections-destinations">
        Destinations
      </Heading>
      <Cluster as="p" gap={2} wrap={false} align="center" className={sourceStyles.quiet}>
        Where answers can be sent: a Slack, Microsoft Teams or Google Chat channel’s webhook. End a question
        with “-&gt; #name” or use Send on an answer.
      </Cluster>
      {state.status === 'loading' ? (
        <Cluster as="p" gap={2} wrap={false} align="center" className={sourceStyles.quiet}>
          <Spinner /> Loading your destinations…
        </Cluster>
      ) : state.status === 'error' ? (
        <div className={styles.error} role="alert">
          {userMessage(state.error, 'Your destinations could not be loaded.')}{' '}
          <Button size="sm" busy={state.fetching} onClick={() => void state.refetch()}>
            Try again
          </Button>
        </div>
      ) : destinations !== undefined && destinations.length > 0 ? (
        <ul className={styles.list} aria-label="Your destinations">
          {destinations.map((destination) => (
            <Cluster as="li" key={destination.id} gap={3} align="center" className={styles.item}>
              <span className={styles.itemText}>
                <Text as="span" weight="semibold">
                  {destination.name}
                </Text>
                <span className={styles.itemMeta}>
                  {DESTINATION_KIND_LABELS[destination.kind]} · {destination.host}
                </span>
                {destination.state === 'broken' ? (
                  <span className={styles.error}>
                    {destination.detail ?? 'This webhook no longer works.'}
                  </span>
                ) : null}
                <TestLine result={tested.get(destination.id)} />
                <Certificate
                  result={tested.get(destination.id)}
                  busy={trusting === destination.id}
                  name={destination.name}
                  onTrust={(sha256) => void trust(destination, sha256)}
                />
              </span>
              <Button
                size="sm"
                busy={testing === destination.id}
                onClick={() => void test(destination)}
                aria-label={`Test ${destination.name}`}
              >
                Test
              </Button>
              <Button
                size="sm"
                busy={removing === destination.id}
                onClick={() => void remove(destination)}
                aria-label={`Remove ${destination.name}`}
              >
                Remove
              </Button>
            </Cluster>
          ))}
        </ul>
      ) : (
        <Cluster as="p" gap={2} wrap={false} align="center" className={sourceStyles.quiet}>
          No destinations yet.
        </Cluster>
      )}
      <form className={styles.form} onSubmit={(event) => void add(event)} aria-label="Add a destination">
        <Field label="Service" required>
          {(control) => (
            <Select
              {...control}
              value={kind}
              onChange={(event) => setKind(event.target.value as DestinationKind)}
            >
              {DESTINATION_KINDS.map((each) => (
                <option key={each} value={each}>
                  {DESTINATION_KIND_LABELS[each]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Name" hint="How commands name it, e.g. #finance" required>
          {(control) => (
            <Input
              {...control}
              compact
              value={name}
              onChange={(event) => setName(event.target.value)}
              autoComplete="off"
            />
          )}
        </Field>
        <Field
          label="Webhook URL"
          hint={URL_HINTS[kind]}
          error={error ?? undefined}
          required
          className={styles.url}
        >
          {(control) => (
            <Input
              {...control}
              compact
              type="url"
              inputMode="url"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              autoComplete="off"
              spellCheck={false}
            />
          )}
        </Field>
        <Button type="submit" variant="primary" busy={saving}>
          Add destination
        </Button>
      </form>
    </section>
  );
}
