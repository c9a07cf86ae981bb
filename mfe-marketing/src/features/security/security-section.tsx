import { useAppConfig } from '@trove/kit';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { buttonClassName, Card, Cluster, Text, VisuallyHidden } from '@trove/kit/ui';
import { Icon } from '../content/icons';
import {
  complianceBadges,
  type SecurityMode,
  securityClaims,
  securityFaq,
  securityModes,
} from '../content/security';
import * as section from '../layout/section.module.css';
import * as styles from './security.module.css';

/**
 * docs/product/public-pages.md#security-section trust and security: a Local-only / Cloud assist toggle whose content follows it, four
 * expandable FAQ items, the docs/product/public-pages.md#claims claims and badges, "Talk to security" and the PDF brief.
 */
export default function SecuritySection() {
  const { name } = useAppConfig();
  const [mode, setMode] = useState<SecurityMode>('local');
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  const content = securityModes[mode];

  return (
    <section className={section.section} aria-labelledby="security-title">
      <div className={section.header}>
        <p className={section.eyebrow}>Trust and security</p>
        <h2 id="security-title" className={section.heading}>
          Private by design, down to where the keys live
        </h2>
        <Text tone="muted" className={section.lede}>
          Choose how far your data travels. By default, it doesn’t.
        </Text>
      </div>
      <div className={styles.layout}>
        <Card className={styles.modeCard}>
          <fieldset className={styles.toggle}>
            <VisuallyHidden as="legend">Security mode</VisuallyHidden>
            {(Object.keys(securityModes) as SecurityMode[]).map((key) => (
              <button
                key={key}
                type="button"
                aria-pressed={mode === key}
                className={styles.toggleOption}
                onClick={() => setMode(key)}
              >
                {securityModes[key].label}
              </button>
            ))}
          </fieldset>
          <h3 className={styles.modeTitle} data-testid="security-mode-title">
            {content.title}
          </h3>
          <ul className={styles.points}>
            {content.points.map((point) => (
              <li key={point}>
                <Icon name="check" size={18} className={styles.check} />
                {point}
              </li>
            ))}
          </ul>
          <Cluster as="ul" gap={1} className={styles.claims} aria-label="Security claims">
            {securityClaims.map((claim) => (
              <li key={claim} className={section.chip}>
                {claim}
              </li>
            ))}
          </Cluster>
          <ul className={styles.badges} aria-label="Compliance">
            {complianceBadges.map((badge) => (
              <Cluster as="li" key={badge.name} gap={2} wrap={false} align="center" className={styles.badge}>
                <Icon name="shield" size={16} />
                <span>
                  <strong>{badge.name}</strong> {badge.status}
                </span>
              </Cluster>
            ))}
          </ul>
          <Cluster gap={3}>
            <Link
              className={buttonClassName({ variant: 'primary', className: section.button })}
              to="/contact?topic=security"
            >
              Talk to security
            </Link>
            {/* A real file served by nginx: a full page load, not a client-side route. */}
            <a className={buttonClassName({ className: section.button })} href="/security.pdf">
              <Icon name="download" size={18} />
              Security brief (PDF)
            </a>
          </Cluster>
        </Card>
        <div className={styles.faq}>
          <h3 className={styles.faqTitle}>Questions security teams ask</h3>
          {securityFaq(name).map((item, index) => {
            const expanded = open === index;
            const panelId = `${baseId}-faq-${index}`;
            return (
              <div key={item.question} className={styles.faqItem}>
                <h4 className={styles.faqHeading}>
                  <button
                    type="button"
                    className={styles.faqButton}
                    aria-expanded={expanded}
                    aria-controls={panelId}
                    onClick={() => setOpen(expanded ? null : index)}
                  >
                    {item.question}
                    <span className={styles.faqMarker} aria-hidden="true" />
                  </button>
                </h4>
                <div id={panelId} className={styles.faqAnswer} hidden={!expanded}>
                  <p>{item.answer}</p>
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
