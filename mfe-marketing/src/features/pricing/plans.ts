/** Plans and prices (docs/product/public-pages.md#pricing plan shape, docs/product/public-pages.md#pricing pricing), in rupees. */

export type Billing = 'monthly' | 'yearly';
export type PlanKey = 'free' | 'pro' | 'ent';

export interface PlanBulletGroup {
  title: string;
  bullets: readonly string[];
}

export interface Plan {
  key: PlanKey;
  name: string;
  /** Rupees a month on the monthly toggle; null for a custom price. */
  monthly: number | null;
  /** docs/product/public-pages.md#pricing: the yearly price shown as an effective per-month figure; null for a custom price. */
  yearly: number | null;
  tagline: string;
  groups: readonly PlanBulletGroup[];
  cta: string;
  href: string;
  suggested: boolean;
}

export const plans = (appName: string): readonly Plan[] => [
  {
    key: 'free',
    name: 'Free',
    monthly: 0,
    yearly: 0,
    tagline: `For one person trying ${appName} on their own work.`,
    groups: [
      { title: 'Search', bullets: ['Up to 3 sources', 'BM25 ranking', 'Basic extraction'] },
      { title: 'Limits and help', bullets: ['Caps on summaries and sharing', 'Community support'] },
    ],
    cta: 'Get started',
    href: '/auth/register',
    suggested: false,
  },
  {
    key: 'pro',
    name: 'Pro',
    monthly: 999,
    // docs/product/public-pages.md#pricing / docs/product/public-pages.md#pricing: yearly is effectively 20% lower, shown as 799 a month.
    yearly: 799,
    tagline: 'For power users and small teams who send answers every day.',
    groups: [
      { title: 'Search', bullets: ['Unlimited sources', '100 workflow runs a month'] },
      {
        title: 'Team',
        bullets: ['Basic roles and logs', 'SSO as an add-on', 'Standard business-hours support'],
      },
    ],
    cta: 'Upgrade to Pro',
    href: '/auth/register',
    suggested: true,
  },
  {
    key: 'ent',
    name: 'Enterprise',
    monthly: null,
    yearly: null,
    tagline: 'For companies with security reviews, residency needs and scale.',
    groups: [
      {
        title: 'Control',
        bullets: ['Unlimited runs', 'Advanced DLP and audit', 'SSO and SCIM', 'Data residency'],
      },
      { title: 'Support', bullets: ['Dedicated support', '99.9% SLA'] },
    ],
    cta: 'Talk to sales',
    href: '/contact?topic=pricing',
    suggested: false,
  },
];

export const YEARLY_SAVING_LABEL = 'Save ~20%';

const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});

/** "₹999", "₹0", or "Custom" for Enterprise. */
export function planPrice(plan: Plan, billing: Billing): string {
  const amount = billing === 'monthly' ? plan.monthly : plan.yearly;
  return amount === null ? 'Custom' : rupees.format(amount);
}

/** What the price is per: monthly "/month", yearly "/month, billed yearly". */
export function pricePeriod(plan: Plan, billing: Billing): string {
  if (plan.monthly === null) return 'Annual contract';
  if (plan.monthly === 0) return 'Free forever';
  return billing === 'monthly' ? 'per month' : 'per month, billed yearly';
}
