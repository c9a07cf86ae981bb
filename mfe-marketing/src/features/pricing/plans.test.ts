import { describe, expect, it } from 'vitest';
import { planPrice, plans, pricePeriod, YEARLY_SAVING_LABEL } from './plans';

const plan = (key: string) => {
  const found = plans('Trove').find((p) => p.key === key);
  if (!found) throw new Error(key);
  return found;
};

describe('pricing toggle (docs/product/public-pages.md#pricing)', () => {
  it('Free is 0 on both toggles', () => {
    expect(planPrice(plan('free'), 'monthly')).toBe('₹0');
    expect(planPrice(plan('free'), 'yearly')).toBe('₹0');
  });

  it('Pro is 999 a month monthly and an effective 799 a month yearly, labelled "Save ~20%"', () => {
    expect(planPrice(plan('pro'), 'monthly')).toBe('₹999');
    expect(planPrice(plan('pro'), 'yearly')).toBe('₹799');
    expect(pricePeriod(plan('pro'), 'yearly')).toBe('per month, billed yearly');
    expect(YEARLY_SAVING_LABEL).toBe('Save ~20%');
    // "about 20% lower": within a point of it.
    expect(Math.abs(1 - 799 / 999 - 0.2)).toBeLessThan(0.01);
  });

  it('Enterprise is a custom price', () => {
    expect(planPrice(plan('ent'), 'monthly')).toBe('Custom');
    expect(planPrice(plan('ent'), 'yearly')).toBe('Custom');
  });

  it('CTAs: Get started and Upgrade to Pro register, Enterprise talks to sales', () => {
    expect(plan('free')).toMatchObject({ cta: 'Get started', href: '/auth/register' });
    expect(plan('pro')).toMatchObject({ cta: 'Upgrade to Pro', href: '/auth/register', suggested: true });
    expect(plan('ent')).toMatchObject({ href: '/contact?topic=pricing' });
  });

  it('lists what each plan includes', () => {
    const bullets = (key: string) => plan(key).groups.flatMap((g) => g.bullets);
    expect(bullets('free')).toEqual(
      expect.arrayContaining(['Up to 3 sources', 'Basic extraction', 'Community support', 'BM25 ranking']),
    );
    expect(bullets('pro')).toEqual(
      expect.arrayContaining(['Unlimited sources', '100 workflow runs a month', 'SSO as an add-on']),
    );
    expect(bullets('ent')).toEqual(
      expect.arrayContaining([
        'Unlimited runs',
        'Advanced DLP and audit',
        'SSO and SCIM',
        'Data residency',
        '99.9% SLA',
      ]),
    );
  });
});
