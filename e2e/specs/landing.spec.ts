import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, withPage } from '../support/browser';
import { axeBuilder, COLOUR_RULES, showTheme } from '../support/axe';

// The landing page through nginx (docs/product/public-pages.md#security-section, docs/product/public-pages.md#motion): links, widgets, reduced motion, the brief.

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const landing = (page: Page) => page.getByTestId('remote-marketing');

async function openLanding(page: Page) {
  await page.goto('/');
  // The landing page starts its app on the first input (docs/decisions/190): a key that presses nothing.
  await page.keyboard.press('Shift');
  await landing(page)
    .getByRole('heading', { name: /Find anything\. Send anywhere\./ })
    .waitFor();
}

/**
 * Brings a lazily loaded section in (it loads as it nears the viewport) and waits for its live markup:
 * its drawn copy (docs/decisions/055) has the same heading, so the island leaving is what says it loaded.
 */
async function showSection(page: Page, id: string, heading: RegExp) {
  await page.locator(`#${id}`).scrollIntoViewIfNeeded();
  await page.locator(`#${id} [data-prerendered-island]`).waitFor({ state: 'detached' });
  const title = page.locator(`#${id}`).getByRole('heading', { level: 2, name: heading });
  await title.waitFor();
  return page.locator(`#${id}`);
}

/** A static section (docs/decisions/190) keeps its drawn markup in the live page: it never loads code. */
async function showStaticSection(page: Page, id: string, heading: RegExp) {
  await page.locator(`#${id}`).scrollIntoViewIfNeeded();
  await page.locator(`#${id} [data-prerendered-island]`).waitFor();
  await page.locator(`#${id}`).getByRole('heading', { level: 2, name: heading }).waitFor();
}

async function showAllSections(page: Page) {
  await showStaticSection(page, 'features', /Everything you need/);
  await showSection(page, 'how-it-works', /four steps/);
  await showSection(page, 'explore', /See what your team/);
  await showSection(page, 'security', /Private by design/);
  await showSection(page, 'pricing', /Start free/);
  await showSection(page, 'customers', /stopped digging/);
}

const WINDOWS_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

describe('landing links (docs/product/public-pages.md#landing-links)', () => {
  it('Get Started and Log in go to the auth screens', async () => {
    await withPage(browser, async ({ page, consoleErrors }) => {
      await openLanding(page);
      const hero = landing(page);
      expect(await hero.getByRole('link', { name: 'Get Started', exact: true }).getAttribute('href')).toBe(
        '/auth/register',
      );
      await hero.getByRole('link', { name: 'Log in' }).click();
      await page.waitForURL('**/auth/login');
      await page.getByTestId('remote-auth').waitFor();
      expect(consoleErrors, consoleErrors.join('\n')).toEqual([]);
    });
  });

  it('five download buttons open in a new tab, and the visitor’s platform is highlighted', async () => {
    await withPage(browser, { userAgent: WINDOWS_UA }, async ({ page }) => {
      await openLanding(page);
      const buttons = page.locator('#downloads a[data-platform]');
      expect(await buttons.evaluateAll((links) => links.map((a) => a.getAttribute('data-platform')))).toEqual(
        ['android', 'ios', 'windows', 'macos', 'linux'],
      );
      for (const link of await buttons.all()) {
        expect(await link.getAttribute('target')).toBe('_blank');
        expect(await link.getAttribute('rel')).toContain('noopener');
        expect(await link.getAttribute('href')).toMatch(/^https:\/\//);
      }
      await page.locator('#downloads a[data-platform="windows"][data-current]').waitFor();
      expect(await page.locator('#downloads a[data-current]').count()).toBe(1);
    });
  });

  it('#pricing and #downloads are in-page anchors that land on their sections', async () => {
    await withPage(browser, async ({ page }) => {
      await openLanding(page);
      expect(await landing(page).getByRole('link', { name: 'Get the app' }).getAttribute('href')).toBe(
        '#downloads',
      );
      await landing(page).getByRole('link', { name: 'See pricing' }).click();
      await page.waitForURL('**/#pricing');
      await page
        .locator('#pricing')
        .getByRole('heading', { name: /Start free/ })
        .waitFor();
      const top = await page.locator('#pricing').evaluate((el) => el.getBoundingClientRect().top);
      expect(Math.abs(top)).toBeLessThan(120);
    });
  });

  it('pricing, security, comparison and footer links go where the spec says', async () => {
    await withPage(browser, async ({ page }) => {
      await openLanding(page);
      await showAllSections(page);
      const href = (name: string | RegExp, scope = landing(page)) =>
        scope
          .getByRole('link', { name, exact: typeof name === 'string' })
          .first()
          .getAttribute('href');
      const pricing = page.locator('#pricing');
      expect(await href('Get started', pricing)).toBe('/auth/register');
      expect(await href('Upgrade to Pro', pricing)).toBe('/auth/register');
      expect(await href('Talk to sales', pricing)).toBe('/contact?topic=pricing');
      const security = page.locator('#security');
      expect(await href('Talk to security', security)).toBe('/contact?topic=security');
      expect(await href(/Security brief/, security)).toBe('/security.pdf');

      const explore = page.locator('#explore');
      await explore.getByRole('tab', { name: 'Comparison' }).click();
      expect(await href('Talk to sales', explore)).toBe('/contact?topic=pricing');

      const footer = page.getByRole('navigation', { name: 'Footer' });
      for (const column of ['Product', 'Company', 'Resources', 'Legal']) {
        await footer.getByRole('heading', { name: column }).waitFor();
      }
      const footerLinks = await footer
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute('href')]));
      expect(footerLinks.map(([label]) => label)).toEqual([
        'Features',
        'How it works',
        'Playbooks',
        'Integrations',
        'Roadmap',
        'About',
        'Careers',
        'Press',
        'Contact',
        'Docs',
        'API',
        'Changelog',
        'Status',
        'Privacy',
        'Security',
        'Terms',
        'DPA',
      ]);
      // Every target is a section of this page, /contact, or the brief.
      for (const [label, target] of footerLinks) {
        expect(target, `${label}`).toMatch(
          /^(#[a-z-]+|\/contact(\?topic=(security|pricing))?|\/security\.pdf)$/,
        );
        if (target?.startsWith('#')) expect(await page.locator(target).count(), `${label}`).toBe(1);
      }
      // docs/product/public-pages.md#landing-sections: the logo goes to /.
      const logo = landing(page).locator('footer').getByRole('link', { name: 'Trove', exact: true });
      expect(await logo.getAttribute('href')).toBe('/');

      await security.getByRole('link', { name: 'Talk to security' }).click();
      await page.waitForURL('**/contact?topic=security');
    });
  });
});

describe('landing widgets through nginx (docs/product/public-pages.md#landing-sections, docs/product/public-pages.md#flow)', () => {
  it('tabs move with Left and Right and wrap', async () => {
    await withPage(browser, async ({ page }) => {
      await openLanding(page);
      const explore = await showSection(page, 'explore', /See what your team/);
      const selected = () => explore.getByRole('tab', { selected: true }).textContent();
      await explore.getByRole('tab', { name: 'Use-case Playbooks' }).focus();
      await page.keyboard.press('ArrowLeft');
      expect(await selected()).toBe('Comparison');
      await page.keyboard.press('ArrowRight');
      expect(await selected()).toBe('Use-case Playbooks');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      expect(await selected()).toBe('ROI Calculator');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('ROI Calculator');
      await explore.getByTestId('roi-value').waitFor();
      expect(await explore.getByTestId('roi-value').textContent()).toBe('₹1,178');
    });
  });

  it('the pricing toggle switches Pro, and Show/Hide opens and closes the detailed comparison', async () => {
    await withPage(browser, async ({ page }) => {
      await openLanding(page);
      const pricing = await showSection(page, 'pricing', /Start free/);
      expect(await pricing.getByTestId('price-pro').textContent()).toBe('₹999');
      await pricing.getByRole('button', { name: /Yearly/ }).click();
      expect(await pricing.getByTestId('price-pro').textContent()).toBe('₹799');
      await pricing.getByText('Save ~20%').waitFor();
      expect(await pricing.getByRole('table').count()).toBe(0);
      await pricing.getByRole('button', { name: /^Show/ }).click();
      await pricing.getByRole('table').waitFor();
      await pricing.getByRole('button', { name: /^Hide/ }).click();
      await pricing.getByRole('table').waitFor({ state: 'hidden' });
    });
  });

  it('the security toggle changes the content and the FAQ items expand', async () => {
    await withPage(browser, async ({ page }) => {
      await openLanding(page);
      const security = await showSection(page, 'security', /Private by design/);
      await security.getByRole('button', { name: 'Cloud assist' }).click();
      await security.getByRole('heading', { name: 'An optional relay, when you choose it' }).waitFor();
      const question = security.getByRole('button', { name: 'Where are my tokens and keys kept?' });
      expect(await question.getAttribute('aria-expanded')).toBe('false');
      await question.click();
      expect(await question.getAttribute('aria-expanded')).toBe('true');
      await security.getByText(/operating system keychain \(Keychain on macOS/).waitFor();
      expect(await security.locator('button[aria-controls]').count()).toBe(4);
    });
  });

  it('a guest’s Connect goes to login with next=/integrations, and Use template to login with the playground', async () => {
    await withPage(browser, async ({ page }) => {
      await openLanding(page);
      const explore = await showSection(page, 'explore', /See what your team/);
      const template = explore.getByRole('link', { name: /^Use template: / }).first();
      await template.waitFor();
      expect(await template.getAttribute('href')).toMatch(
        /^\/auth\/login\?next=%2Fplayground%3Ftpl%3D[\w-]+$/,
      );

      await explore.getByRole('tab', { name: 'Integrations' }).click();
      // Dropbox needs no client-id setting, so its card is Ready without any configuration (docs/product/connections.md#card-states).
      const connect = explore.getByRole('button', { name: 'Connect Dropbox' });
      await connect.waitFor();
      await connect.click();
      await page.waitForURL('**/auth/login?next=/integrations');
    });
  });

  it('with reduced motion every widget shows a complete, still state', async () => {
    await withPage(browser, { reducedMotion: 'reduce' }, async ({ page, consoleErrors }) => {
      // The page's own clock: "still" is checked over the widgets' periods (a demo stage, a testimonial's
      // 5.2 s) by running their timers, not by waiting those seconds out.
      await page.clock.install();
      await openLanding(page);
      const demo = page.getByTestId('hero-demo');
      expect(await demo.getAttribute('data-stages')).toBe('3');
      await page.clock.runFor(1500);
      expect(await demo.getAttribute('data-stages')).toBe('3');
      const flow = await showSection(page, 'how-it-works', /four steps/);
      expect(await flow.locator('[aria-current="step"]').getAttribute('data-testid')).toBe('flow-step-ship');
      expect(await flow.getByTestId('ship-phase').textContent()).toBe('Delivered');
      const proof = await showSection(page, 'customers', /stopped digging/);
      const first = await proof.getByTestId('testimonial').textContent();
      await page.clock.runFor(5600);
      expect(await proof.getByTestId('testimonial').textContent()).toBe(first);
      expect(consoleErrors, consoleErrors.join('\n')).toEqual([]);
    });
  });
});

describe('the security brief', () => {
  it('/security.pdf is a PDF that states the docs/product/public-pages.md#claims claims', async () => {
    await withPage(browser, async ({ page }) => {
      const response = await page.request.get('/security.pdf');
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('application/pdf');
      const body = await response.body();
      expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(body.subarray(-6).toString('latin1')).toContain('%%EOF');
      // The text is uncompressed: the claims can be read straight from the bytes.
      const shown = [...body.toString('latin1').matchAll(/\((.*?)\) Tj/g)].map((m) => m[1]).join(' ');
      for (const claim of [
        'On-device index',
        'Zero telemetry by default',
        'AES-256 at rest',
        'TLS 1.2+',
        'SOC 2',
      ]) {
        expect(shown).toContain(claim);
      }
    });
  });
});

describe('accessibility', () => {
  it('the landing page has no axe violations, light and dark', async () => {
    await withPage(browser, { theme: 'light', reducedMotion: 'reduce' }, async ({ page }) => {
      await openLanding(page);
      await showAllSections(page);
      const found: string[] = [];
      // Both themes on one load: every rule in light, the colour rules again in dark (ADR 077).
      for (const theme of ['light', 'dark'] as const) {
        await showTheme(page, theme);
        // The landing page only; the catalogs inside the tabs are the connectors remote's, checked by its spec.
        const builder = axeBuilder(page)
          .include('[data-testid="remote-marketing"]')
          .exclude('#explore [role="tabpanel"]');
        const results = await (theme === 'light' ? builder : builder.withRules(COLOUR_RULES)).analyze();
        found.push(
          ...results.violations.map(
            (v) => `${v.id} (${v.impact}, ${theme}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
          ),
        );
      }
      expect(found).toEqual([]);
    });
  });
});
