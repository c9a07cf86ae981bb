import { useAppConfig } from '@trove/kit';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName, Card, Cluster, Grid, Stack, Text, VisuallyHidden } from '@trove/kit/ui';
import { Icon } from '../content/icons';
import * as section from '../layout/section.module.css';
import { type Billing, planPrice, plans, pricePeriod, YEARLY_SAVING_LABEL } from './plans';
import * as styles from './pricing.module.css';

const detailRows: ReadonlyArray<[feature: string, free: string, pro: string, ent: string]> = [
  ['Sources', 'Up to 3', 'Unlimited', 'Unlimited'],
  ['Ranking', 'BM25', 'BM25 + people', 'BM25 + people'],
  ['Extraction', 'Basic', 'Dates, totals, entities', 'Dates, totals, entities'],
  ['Summaries and sharing', 'Capped', 'Unlimited', 'Unlimited'],
  ['Workflow runs', '—', '100 a month', 'Unlimited'],
  ['Roles and logs', '—', 'Basic', 'Advanced DLP and audit'],
  ['Single sign-on', '—', 'Add-on', 'SSO and SCIM'],
  ['Data residency', '—', '—', 'Yes'],
  ['Support', 'Community', 'Business hours', 'Dedicated, 99.9% SLA'],
];

/** docs/product/public-pages.md#comparison-tab, docs/product/public-pages.md#pricing pricing, in rupees: the Monthly/Yearly toggle and a collapsible detailed comparison. */
export default function PricingSection() {
  const { name } = useAppConfig();
  const offers = plans(name);
  const [billing, setBilling] = useState<Billing>('monthly');
  const [detailsOpen, setDetailsOpen] = useState(false);
  const tableId = useId();

  return (
    <section className={section.section} aria-labelledby="pricing-title">
      <Cluster gap={4} justify="between" className={styles.head}>
        <div className={section.header}>
          <p className={section.eyebrow}>Pricing</p>
          <h2 id="pricing-title" className={section.heading}>
            Start free. Upgrade when your team does.
          </h2>
        </div>
        <fieldset className={styles.billing}>
          <VisuallyHidden as="legend">Billing period</VisuallyHidden>
          {(['monthly', 'yearly'] as const).map((period) => (
            <button
              key={period}
              type="button"
              aria-pressed={billing === period}
              className={styles.billingOption}
              onClick={() => setBilling(period)}
            >
              {period === 'monthly' ? 'Monthly' : 'Yearly'}
              {period === 'yearly' ? (
                <Text as="span" tone="success" size="xs" className={styles.save}>
                  {YEARLY_SAVING_LABEL}
                </Text>
              ) : null}
            </button>
          ))}
        </fieldset>
      </Cluster>

      <Grid min="17rem" gap={4} fit>
        {offers.map((plan) => (
          <Card
            as="li"
            key={plan.key}
            className={styles.plan}
            data-suggested={plan.suggested || undefined}
            data-plan={plan.key}
          >
            {plan.suggested ? <span className={styles.suggested}>Most popular</span> : null}
            <h3 className={styles.planName}>{plan.name}</h3>
            <Text tone="muted" size="sm">
              {plan.tagline}
            </Text>
            <Stack as="p" className={styles.price}>
              <span className={styles.amount} data-testid={`price-${plan.key}`}>
                {planPrice(plan, billing)}
              </span>
              <Text as="span" tone="muted" size="sm">
                {pricePeriod(plan, billing)}
              </Text>
            </Stack>
            <Link
              className={buttonClassName({
                variant: plan.suggested ? 'primary' : 'secondary',
                className: section.button,
              })}
              to={plan.href}
              data-testid={`cta-${plan.key}`}
            >
              {plan.cta}
            </Link>
            {plan.groups.map((group) => (
              <div key={group.title} className={styles.group}>
                <Text as="h4" tone="muted" size="xs" className={styles.groupTitle}>
                  {group.title}
                </Text>
                <ul className={styles.bullets}>
                  {group.bullets.map((bullet) => (
                    <li key={bullet}>
                      <Icon name="check" size={16} className={styles.check} />
                      {bullet}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </Card>
        ))}
      </Grid>

      <Text tone="muted" size="sm" className={styles.notes}>
        Prices in Indian rupees. Taxes may apply. Switch or cancel anytime. Teams of 25 or more get
        white-glove onboarding.
      </Text>

      <div className={styles.details}>
        <Cluster gap={3} wrap={false} align="center" justify="between" className={styles.detailsHead}>
          <h3 id={`${tableId}-title`} className={styles.detailsTitle}>
            Detailed comparison
          </h3>
          <Button
            className={section.button}
            aria-expanded={detailsOpen}
            aria-controls={tableId}
            onClick={() => setDetailsOpen((open) => !open)}
          >
            {detailsOpen ? 'Hide' : 'Show'}
            <VisuallyHidden> detailed comparison</VisuallyHidden>
          </Button>
        </Cluster>
        <div id={tableId} hidden={!detailsOpen} className={styles.tableWrap}>
          <table className={styles.table} aria-labelledby={`${tableId}-title`}>
            <thead>
              <tr>
                <th scope="col">Feature</th>
                {offers.map((plan) => (
                  <th key={plan.key} scope="col">
                    {plan.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {detailRows.map(([feature, ...cells]) => (
                <tr key={feature}>
                  <th scope="row">{feature}</th>
                  {cells.map((cell, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the columns are the fixed plan order.
                    <td key={index}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
