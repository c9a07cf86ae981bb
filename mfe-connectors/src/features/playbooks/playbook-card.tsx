import type { SessionStatus } from '@trove/kit';
import { useId } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '../catalog/brand-mark';
import { buttonClassName, Card, Cluster, Text } from '@trove/kit/ui';
import * as shared from '../catalog/catalog.module.css';
import { Heading, type HeadingLevel } from '../catalog/heading';
import { templateTarget } from '../catalog/login-redirects';
import { findConnector } from '../connectors/connectors';
import { difficultyLabels, type Playbook, tagLabels } from './playbooks';
import * as styles from './playbooks.module.css';

/** One playbook; "Use template" is a link, since all it does is go somewhere (docs/product/public-pages.md#playbooks-tab). */
export function PlaybookCard({
  playbook,
  headingLevel,
  sessionStatus,
}: {
  playbook: Playbook;
  headingLevel: HeadingLevel;
  sessionStatus: SessionStatus;
}) {
  const titleId = useId();
  const sources = playbook.connectors.flatMap((id) => {
    const connector = findConnector(id);
    return connector ? [connector] : [];
  });
  return (
    <Card
      as="article"
      shadow="sm"
      className={styles.card}
      data-color={playbook.color}
      data-playbook={playbook.id}
      aria-labelledby={titleId}
    >
      <Cluster gap={2} align="center" justify="between" wrap={false}>
        <span className={styles.dept}>{playbook.dept}</span>
        <Text
          as="span"
          tone="muted"
          size="xs"
          weight="semibold"
          className={styles.difficulty}
          data-difficulty={playbook.difficulty}
        >
          {difficultyLabels[playbook.difficulty]}
        </Text>
      </Cluster>
      <Heading level={headingLevel} id={titleId} className={styles.cardTitle}>
        {playbook.name}
      </Heading>
      <ul className={styles.bullets}>
        {playbook.bullets.map((bullet) => (
          <li key={bullet}>{bullet}</li>
        ))}
      </ul>
      <details className={styles.steps}>
        <summary>How it runs</summary>
        <ol>
          {playbook.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </details>
      <Cluster gap={2} align="center" justify="between" className={styles.meta}>
        <Cluster as="ul" gap={1} wrap={false} aria-label="Works with">
          {sources.map((connector) => (
            <li key={connector.id}>
              <BrandMark
                initials={connector.mark.initials}
                hue={connector.mark.hue}
                size="sm"
                label={connector.name}
              />
            </li>
          ))}
        </Cluster>
        <Cluster as="ul" gap={1} aria-label="Actions">
          {playbook.tags.map((tag) => (
            <li key={tag} className={shared.chip}>
              {tagLabels[tag]}
            </li>
          ))}
        </Cluster>
      </Cluster>
      {/* The name starts with the visible words, so speech input ("click Use template") still works. */}
      <Link
        className={buttonClassName({ variant: 'primary', className: styles.use })}
        to={templateTarget(playbook.id, sessionStatus)}
        aria-label={`Use template: ${playbook.name}`}
      >
        Use template
      </Link>
    </Card>
  );
}
