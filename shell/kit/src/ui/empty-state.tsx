import type { ReactNode } from 'react';
import { classNames } from './class-names';
import * as styles from './empty-state.module.css';

export interface EmptyStateProps {
  /** Drawn in a muted circle above the title; decoration. */
  icon?: ReactNode;
  title: ReactNode;
  /** The title's element: a heading at the page's next level, or `p` inside a list that has one. */
  titleAs?: 'h2' | 'h3' | 'h4' | 'p';
  titleId?: string;
  /** What goes here once there is something, in the product's words. */
  description?: ReactNode;
  /** The next useful step (buttons, links), so the page is not a dead end. */
  actions?: ReactNode;
  className?: string;
  /** More under the description (a list of promises, a hint). */
  children?: ReactNode;
}

/** What a list or page shows while it has nothing: what will be here, and the way to get it. */
export function EmptyState({
  icon,
  title,
  titleAs: Title = 'h2',
  titleId,
  description,
  actions,
  className,
  children,
}: EmptyStateProps) {
  return (
    <div className={classNames(styles.empty, className)}>
      {icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <Title id={titleId} className={styles.title}>
        {title}
      </Title>
      {description ? <p className={styles.description}>{description}</p> : null}
      {children}
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </div>
  );
}
