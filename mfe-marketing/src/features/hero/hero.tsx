import { useAppConfig } from '@trove/kit';
import { Link } from 'react-router';
import * as styles from './hero.module.css';

const sources = ['Mail', 'Files', 'Chat', 'Docs', 'Issues', 'Calendars'] as const;

export function Hero() {
  // The tagline is a public setting (DESIGN.md): read it from runtime config, never restate it here.
  const { tagline } = useAppConfig();
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <p className={styles.eyebrow}>Work search for busy teams</p>
      <h1 id="hero-title" className={styles.title}>
        {tagline}
      </h1>
      <p className={styles.lede}>
        One place to search your mail, files, chat, docs, issues and calendars — pull out the dates, totals
        and names that matter, and send the answer where your team works.
      </p>
      <div className={styles.actions}>
        <Link to="/auth/register" className={styles.primary}>
          Get Started
        </Link>
        <Link to="/auth/login" className={styles.secondary}>
          Log in
        </Link>
      </div>
      <ul className={styles.sources} aria-label="Searches across">
        {sources.map((source) => (
          <li key={source} className={styles.source}>
            {source}
          </li>
        ))}
      </ul>
    </section>
  );
}
