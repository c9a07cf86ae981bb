import { useAppConfig } from '@trove/kit';
import { Card, Cluster, Stack, Text } from '@trove/kit/ui';
import type { ReactNode } from 'react';
import * as styles from './auth-layout.module.css';

/**
 * docs/product/accounts.md#auth-page: the auth page wrapper — the tagline, the step's title and a short description, the
 * step itself, and the terms line.
 */
export function AuthLayout({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { tagline } = useAppConfig();
  return (
    <Stack gap={4} className={styles.page}>
      <Card as="section" shadow="md" className={styles.card} aria-labelledby="auth-title">
        <Cluster as="p" gap={2} wrap={false} align="center" className={styles.tagline}>
          <span className={styles.mark} aria-hidden="true" />
          {tagline}
        </Cluster>
        <h1 id="auth-title" className={styles.title}>
          {title}
        </h1>
        <Text tone="muted" size="sm" className={styles.description}>
          {description}
        </Text>
        {children}
        <Text tone="muted" size="xs" className={styles.terms}>
          By continuing, you agree to our Terms and Privacy Policy
        </Text>
      </Card>
      {footer}
    </Stack>
  );
}
