import { useAppConfig } from '@trove/kit';
import { Card, Cluster, Grid, Text } from '@trove/kit/ui';
import { featureCards } from '../content/feature-cards';
import { Icon } from '../content/icons';
import * as section from '../layout/section.module.css';
import * as styles from './feature-grid.module.css';

/** docs/product/public-pages.md#feature-grid: the feature grid of 12 cards (docs/product/public-pages.md#feature-grid feature card shape). */
export default function FeatureGrid() {
  const { name } = useAppConfig();
  return (
    <section className={section.section} aria-labelledby="features-title">
      <div className={section.header}>
        <p className={section.eyebrow}>Features</p>
        <h2 id="features-title" className={section.heading}>
          Everything you need to find it, read it and send it
        </h2>
        <Text tone="muted" className={section.lede}>
          Built for power users and for finance, operations and IT teams — private by design, fast on any
          laptop.
        </Text>
      </div>
      <Grid min="16rem" gap={4}>
        {featureCards(name).map((card) => (
          <Card as="li" key={card.title} className={styles.card} data-testid="feature-card">
            <Cluster align="center" justify="between" wrap={false}>
              <span className={styles.icon}>
                <Icon name={card.icon} size={20} />
              </span>
              {card.badge ? (
                <span className={styles.badge} data-badge={card.badge}>
                  {card.badge}
                </span>
              ) : null}
            </Cluster>
            <h3 className={styles.title}>{card.title}</h3>
            <Text tone="muted" size="sm" className={styles.blurb}>
              {card.blurb}
            </Text>
            {card.demo ? (
              <Text size="xs" breakAnywhere className={styles.demo}>
                {card.demo}
              </Text>
            ) : null}
            {card.demoReading ? (
              <Text tone="muted" size="xs" className={styles.reading}>
                <Text as="span" weight="semibold">
                  Reads as
                </Text>{' '}
                {card.demoReading.join(' · ')}
              </Text>
            ) : null}
            {card.kpi ? (
              <Cluster as="p" gap={2} wrap={false} align="baseline" className={styles.kpi}>
                <span className={styles.kpiValue}>{card.kpi.value}</span>
                <Text as="span" tone="muted" size="sm">
                  {card.kpi.label}
                </Text>
              </Cluster>
            ) : null}
            <Cluster as="ul" gap={1} aria-label="Works with">
              {card.chips.map((chip) => (
                <li key={chip} className={section.chip}>
                  {chip}
                </li>
              ))}
            </Cluster>
          </Card>
        ))}
      </Grid>
    </section>
  );
}
