// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { plans } from '../../../mfe-marketing/src/features/pricing/plans';
import {
  PUBLIC_PAGES,
  pageFile,
  pageHead,
  publicOrigin,
  robotsTxt,
  sitemapXml,
  withPageHead,
} from './page-head';

const names = { name: 'Acme Search', tagline: 'Find it. Ship it.' };
const origin = 'https://acme.example';
const indexHtml =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme Search</title></head><body><div id="root"></div></body></html>';

/** The page as a browser would parse it, reduced to the head tags a crawler reads. */
function headOf(path: string) {
  const page = PUBLIC_PAGES.find((p) => p.path === path);
  if (!page) throw new Error(`no page ${path}`);
  const doc = new DOMParser().parseFromString(
    withPageHead(indexHtml, pageHead(page, names, origin)),
    'text/html',
  );
  const meta = (selector: string) => doc.head.querySelector(selector)?.getAttribute('content');
  return {
    doc,
    title: doc.title,
    description: meta('meta[name="description"]'),
    canonical: doc.head.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    og: Object.fromEntries(
      [...doc.head.querySelectorAll('meta[property^="og:"]')].map((m) => [
        m.getAttribute('property'),
        m.getAttribute('content'),
      ]),
    ),
    twitter: Object.fromEntries(
      [...doc.head.querySelectorAll('meta[name^="twitter:"]')].map((m) => [
        m.getAttribute('name'),
        m.getAttribute('content'),
      ]),
    ),
    jsonLd: [...doc.head.querySelectorAll('script[type="application/ld+json"]')].map(
      (s) => s.textContent ?? '',
    ),
  };
}

describe('the head tags of each public page', () => {
  it('covers the public routes of docs/product/shell.md#routes', () => {
    expect(PUBLIC_PAGES.map((p) => p.path)).toEqual([
      '/',
      '/auth/login',
      '/auth/register',
      '/integrations',
      '/playground',
      '/contact',
    ]);
  });

  it.each(PUBLIC_PAGES.map((p) => p.path))(
    '%s has its own title, description, canonical URL and share card',
    (path) => {
      const head = headOf(path);
      const url = path === '/' ? `${origin}/` : `${origin}${path}`;
      expect(head.title).toContain('Acme Search');
      expect(head.description?.length).toBeGreaterThanOrEqual(70);
      expect(head.description?.length).toBeLessThanOrEqual(320);
      expect(head.canonical).toBe(url);
      expect(head.doc.head.querySelectorAll('title')).toHaveLength(1);
      expect(head.og).toMatchObject({
        'og:type': 'website',
        'og:site_name': 'Acme Search',
        'og:title': head.title,
        'og:description': head.description,
        'og:url': url,
        'og:image': `${origin}/share-image.png`,
        'og:image:width': '1200',
        'og:image:height': '630',
      });
      expect(head.twitter).toMatchObject({
        'twitter:card': 'summary_large_image',
        'twitter:title': head.title,
        'twitter:description': head.description,
        'twitter:image': `${origin}/share-image.png`,
      });
    },
  );

  it('every page says something different', () => {
    const heads = PUBLIC_PAGES.map((p) => headOf(p.path));
    expect(new Set(heads.map((h) => h.title)).size).toBe(PUBLIC_PAGES.length);
    expect(new Set(heads.map((h) => h.description)).size).toBe(PUBLIC_PAGES.length);
  });

  it('never names a product but the configured one', () => {
    for (const page of PUBLIC_PAGES) {
      expect(withPageHead(indexHtml, pageHead(page, names, origin))).not.toMatch(/Trove/);
    }
  });

  it('escapes a name that holds markup', () => {
    const page = PUBLIC_PAGES[1];
    if (!page) throw new Error('no page');
    const html = withPageHead(indexHtml, pageHead(page, { name: '"><script>x', tagline: 't' }, origin));
    expect(html).not.toContain('"><script>x');
  });

  it('only / carries the structured data', () => {
    expect(headOf('/').jsonLd).toHaveLength(1);
    for (const page of PUBLIC_PAGES.filter((p) => p.path !== '/'))
      expect(headOf(page.path).jsonLd).toEqual([]);
  });
});

describe('SoftwareApplication structured data', () => {
  it('is valid JSON in the page, with an Offer per priced plan at the pricing section’s prices', () => {
    const [text] = headOf('/').jsonLd;
    const data = JSON.parse(text ?? '') as ReturnType<typeof import('./page-head').softwareApplication>;
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'SoftwareApplication',
      name: 'Acme Search',
      url: `${origin}/`,
      applicationCategory: 'BusinessApplication',
    });
    const priced = plans('Acme Search').filter((plan) => plan.monthly !== null);
    expect(priced.map((plan) => plan.key)).toEqual(['free', 'pro']);
    expect(data.offers.map((offer) => [offer.name, offer.price, offer.priceCurrency])).toEqual(
      priced.map((plan) => [plan.name, String(plan.monthly), 'INR']),
    );
    expect(data.offers.find((offer) => offer.name === 'Pro')?.priceSpecification?.unitCode).toBe('MON');
  });

  it('cannot be closed by text inside it', () => {
    const landing = PUBLIC_PAGES[0];
    if (!landing) throw new Error('no page');
    const { tags } = pageHead(landing, { name: '</script><b>', tagline: 't' }, origin);
    const json = tags.slice(tags.indexOf('application/ld+json">') + 21, tags.lastIndexOf('</script>'));
    expect(json).not.toContain('</');
    expect(JSON.parse(json).name).toBe('</script><b>');
  });
});

describe('the public origin', () => {
  it('is PUBLIC_URL without its last slash, path kept', () => {
    expect(publicOrigin({ PUBLIC_URL: 'https://acme.example/' })).toBe('https://acme.example');
    expect(publicOrigin({ PUBLIC_URL: 'https://acme.example/app/' })).toBe('https://acme.example/app');
  });

  it('is where npm start serves without it', () => {
    expect(publicOrigin({})).toBe('http://localhost:8080');
    expect(publicOrigin({ HTTP_PORT: '9090' })).toBe('http://localhost:9090');
  });

  it('refuses what is not an http(s) URL', () => {
    expect(() => publicOrigin({ PUBLIC_URL: 'acme.example' })).toThrow(/PUBLIC_URL/);
    expect(() => publicOrigin({ PUBLIC_URL: 'ftp://acme.example' })).toThrow(/PUBLIC_URL/);
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt keeps crawlers out of the API and the signed-in area and names the sitemap', () => {
    const robots = robotsTxt(origin);
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Disallow: \/api\/$/m);
    expect(robots).toMatch(/^Disallow: \/chats$/m);
    expect(robots).toMatch(/^Sitemap: https:\/\/acme\.example\/sitemap\.xml$/m);
  });

  it('sitemap.xml lists every public page at its canonical URL', () => {
    const doc = new DOMParser().parseFromString(sitemapXml(origin), 'application/xml');
    expect(doc.querySelector('parsererror')).toBeNull();
    expect([...doc.getElementsByTagName('loc')].map((loc) => loc.textContent)).toEqual(
      PUBLIC_PAGES.map((p) => (p.path === '/' ? `${origin}/` : `${origin}${p.path}`)),
    );
  });

  it('each page has its file: / the landing page, the rest under pages/', () => {
    expect(pageFile('/')).toBe('landing.html');
    expect(pageFile('/auth/login')).toBe('pages/auth/login.html');
  });
});
