import { useState } from 'react';
import { Card, Cluster, Stack, Text, VisuallyHidden } from '@trove/kit/ui';
import { Icon, type IconName } from '../content/icons';
import * as styles from './explore.module.css';

const side: ReadonlyArray<{ icon: IconName; label: string }> = [
  { icon: 'chat', label: 'Chat' },
  { icon: 'flow', label: 'Workflows' },
  { icon: 'link', label: 'Connections' },
  { icon: 'database', label: 'Indexes' },
  { icon: 'id', label: 'Identities' },
  { icon: 'chart', label: 'Analytics' },
];

/** docs/product/public-pages.md#playground-tab Live Playground: a static mock of the app; its Send is "preview only". */
export default function PlaygroundMock() {
  const [tried, setTried] = useState(false);
  return (
    <Card className={styles.playground}>
      <Stack as="nav" gap={1} className={styles.playSide} aria-label="Playground sections (preview)">
        {side.map((item, index) => (
          <span
            key={item.label}
            className={styles.playIcon}
            data-active={index === 0 || undefined}
            title={item.label}
          >
            <Icon name={item.icon} size={18} />
            <VisuallyHidden>{item.label}</VisuallyHidden>
          </span>
        ))}
      </Stack>
      <Stack className={styles.playMain}>
        <div className={styles.playMessages}>
          <Text size="sm" className={styles.playUser}>
            Which vendor invoices are due this month, and how much in total?
          </Text>
          <div className={styles.playAnswer}>
            <p>
              <strong>5 invoices, ₹6,14,500 due before 30 Jun.</strong> The largest is Acme Logistics
              (₹2,40,000, due 14 Jun). Found in Gmail (3) and Drive (2).
            </p>
            <ul className={styles.playSources}>
              <li>
                <Icon name="mail" size={14} /> INV-2291 · Acme Logistics
              </li>
              <li>
                <Icon name="file" size={14} /> Vendor ledger — June.xlsx
              </li>
              <li>
                <Icon name="calendar" size={14} /> Payment run · 28 Jun
              </li>
            </ul>
          </div>
        </div>
        <Cluster
          as="form"
          gap={2}
          align="center"
          className={styles.playComposer}
          onSubmit={(event) => {
            event.preventDefault();
            setTried(true);
          }}
        >
          <VisuallyHidden as="label" htmlFor="playground-input">
            Message (preview only)
          </VisuallyHidden>
          <input
            id="playground-input"
            className={styles.playInput}
            type="text"
            readOnly
            value={'share this → teams "Finance Ops"'}
          />
          <button type="submit" className={styles.playSend} aria-describedby="playground-note">
            Send
          </button>
          <Text as="span" id="playground-note" tone="muted" size="xs" role="status">
            {tried ? 'Preview only — nothing was sent.' : 'preview only'}
          </Text>
        </Cluster>
      </Stack>
    </Card>
  );
}
