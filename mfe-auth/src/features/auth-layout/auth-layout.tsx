import { useAppConfig } from '@trove/kit';
import { Card } from '@trove/kit/ui';
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
    <div className={styles.page}>
      <Card as="section" shadow="md" className={styles.card} aria-labelledby="auth-title">
        <p className={styles.tagline}>
          <span className={styles.mark} aria-hidden="true" />
          {tagline}
        </p>
        <h1 id="auth-title" className={styles.title}>
          {title}
        </h1>
        <p className={styles.description}>{description}</p>
        {children}
        <p className={styles.terms}>By continuing, you agree to our Terms and Privacy Policy</p>
      </Card>
      {footer}
    </div>
  );
}
