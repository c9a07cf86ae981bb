import { Link, useSearchParams } from 'react-router';
import { DocumentIcon, MailIcon, ShieldIcon, TagIcon } from '@trove/kit/icons';
import { contactContentFor } from '../features/contact/contact-topics';
import * as styles from './pages.module.css';

/** /contact?topic=security|pricing (docs/product/shell.md#routes): a heading for the topic and how to reach us. */
export function ContactPage() {
  const [params] = useSearchParams();
  const content = contactContentFor(params.get('topic'));
  return (
    <article className={styles.article}>
      <p className={styles.eyebrow}>Contact</p>
      <h1 className={styles.title}>{content.heading}</h1>
      <p className={styles.lede}>{content.lede}</p>
      <nav className={styles.topics} aria-label="Contact topics">
        <Link
          className={styles.topic}
          to="/contact?topic=security"
          aria-current={content.topic === 'security' ? 'page' : undefined}
        >
          Security
        </Link>
        <Link
          className={styles.topic}
          to="/contact?topic=pricing"
          aria-current={content.topic === 'pricing' ? 'page' : undefined}
        >
          Sales and pricing
        </Link>
      </nav>
      <ul className={styles.options}>
        <li className={styles.option}>
          <MailIcon />
          <div>
            <h2 className={styles.optionTitle}>Email</h2>
            <p className={styles.optionText}>
              Write to <a href={`mailto:${content.email}`}>{content.email}</a>. A person reads every message.
            </p>
          </div>
        </li>
        {content.topic === 'pricing' ? (
          <li className={styles.option}>
            <TagIcon />
            <div>
              <h2 className={styles.optionTitle}>Plans</h2>
              <p className={styles.optionText}>
                Compare Free, Pro and Enterprise on the <Link to="/#pricing">pricing section</Link>.
              </p>
            </div>
          </li>
        ) : (
          <li className={styles.option}>
            <DocumentIcon />
            <div>
              <h2 className={styles.optionTitle}>Security brief</h2>
              <p className={styles.optionText}>
                {/* A real file served by nginx, so a full page load, not a client-side route. */}
                <a href="/security.pdf" download>
                  Download the security brief (PDF)
                </a>{' '}
                for how data is stored, encrypted and accessed.
              </p>
            </div>
          </li>
        )}
        <li className={styles.option}>
          <ShieldIcon />
          <div>
            <h2 className={styles.optionTitle}>What to include</h2>
            <p className={styles.optionText}>
              {content.topic === 'pricing'
                ? 'Your team size, the sources you use and when you want to start.'
                : 'Your company, what you need answered, and any deadline you are working to.'}
            </p>
          </div>
        </li>
      </ul>
    </article>
  );
}
