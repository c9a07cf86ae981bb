import type { ReactNode } from 'react';
import { classNames } from './class-names';
import * as styles from './page-header.module.css';

export interface PageHeaderProps {
  /** The page's one `<h1>`. */
  title: ReactNode;
  /** One or two sentences under it: what the page is for. */
  lede?: ReactNode;
  titleId?: string;
  /** The header's own class (its margins on the page). */
  className?: string;
  /** More under the lede (a count, an action). */
  children?: ReactNode;
}

/** A signed-in page's title and lede, at the same size on every page. */
export function PageHeader({ title, lede, titleId, className, children }: PageHeaderProps) {
  return (
    <header className={classNames(styles.header, className)}>
      <h1 id={titleId} className={styles.title}>
        {title}
      </h1>
      {lede ? <p className={styles.lede}>{lede}</p> : null}
      {children}
    </header>
  );
}
