import { BuildLabel, useAppConfig } from '@trove/kit';
import { Cluster, Text } from '@trove/kit/ui';
import { Link } from 'react-router';
import { footerColumns, type SiteLink } from '../content/site-links';
import * as styles from './site-footer.module.css';

/** In-page anchors and real files are plain links; app routes go through the router. */
function FooterLink({ link }: { link: SiteLink }) {
  if (link.href.startsWith('#') || link.href.endsWith('.pdf')) {
    return (
      <a className={styles.link} href={link.href}>
        {link.label}
      </a>
    );
  }
  return (
    <Link className={styles.link} to={link.href}>
      {link.label}
    </Link>
  );
}

/** docs/product/public-pages.md#landing-links footer: Product, Company, Resources and Legal, and the remote's build tag. */
export function SiteFooter() {
  const { name, shortName, tagline } = useAppConfig();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brandBlock}>
          <Link to="/" className={styles.brand}>
            <span className={styles.mark} aria-hidden="true">
              {shortName}
            </span>
            {name}
          </Link>
          <Text tone="muted" size="sm" className={styles.tagline}>
            {tagline}
          </Text>
        </div>
        <nav className={styles.columns} aria-label="Footer">
          {footerColumns.map((column) => (
            <div key={column.title}>
              <h2 className={styles.columnTitle}>{column.title}</h2>
              <ul className={styles.list}>
                {column.links.map((link) => (
                  <li key={link.label}>
                    <FooterLink link={link} />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <Cluster gap={3} align="center" justify="between" className={styles.bottom}>
        <p>
          © {new Date().getFullYear()} {name}. Prices in INR.
        </p>
        <BuildLabel label={__TROVE_BUILD_LABEL__} />
      </Cluster>
    </footer>
  );
}
