import { useAppConfig } from '@trove/kit';
import type { ReactNode } from 'react';
import * as styles from './auth-layout.module.css';

/** SPEC §2.3: the auth page wrapper with the tagline, a short description and the terms line. */
export function AuthLayout({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { tagline } = useAppConfig();
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="auth-title">
        <p className={styles.tagline}>{tagline}</p>
        <h1 id="auth-title" className={styles.title}>
          {title}
        </h1>
        <p className={styles.description}>
          Use your work email. We'll check whether you already have an account.
        </p>
        {children}
        <p className={styles.terms}>By continuing, you agree to our Terms and Privacy Policy</p>
      </section>
      {footer}
    </div>
  );
}
