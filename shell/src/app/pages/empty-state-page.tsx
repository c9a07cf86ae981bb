import type { ComponentType, ReactNode } from 'react';
import * as styles from './pages.module.css';

/**
 * docs/product/shell.md#routes: Chats and Uploads are placeholder pages showing their names. Each says, in one line,
 * what will live there, and offers the next useful step instead of a dead end.
 */
export function EmptyStatePage({
  icon: Icon,
  title,
  text,
  children,
}: {
  icon: ComponentType;
  title: string;
  text: string;
  /** The page's actions. */
  children?: ReactNode;
}) {
  return (
    <section className={styles.page} aria-labelledby="empty-state-title">
      <div className={styles.card}>
        <span className={styles.icon} aria-hidden="true">
          <Icon />
        </span>
        <h1 id="empty-state-title" className={styles.title}>
          {title}
        </h1>
        <p className={styles.text}>{text}</p>
        {children ? <div className={styles.actions}>{children}</div> : null}
      </div>
    </section>
  );
}
