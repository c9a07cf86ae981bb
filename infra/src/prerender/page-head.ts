// What each public page says to search engines and link previews (issue 23 item 3, docs/decisions/049):
// its description and canonical URL, Open Graph and Twitter card tags with the share image, `/`'s
// SoftwareApplication structured data with the plan prices, and robots.txt and sitemap.xml. Written into
// the served HTML at build time; the origin comes from PUBLIC_URL then (publicOrigin).
import { type Plan, plans } from '../../../mfe-marketing/src/features/pricing/plans';

export interface ProductNames {
  name: string;
  tagline: string;
}

export interface PublicPage {
  /** The route (docs/product/shell.md#routes), also the page file's name under pages/ (`/` is landing.html). */
  path: string;
  title: (names: ProductNames) => string;
  description: (names: ProductNames) => string;
  /** Not a page of its own (the 404 answer): kept out of the index, with no canonical URL. */
  noindex?: boolean;
}

/** The pages a guest can open; the signed-in area is kept out of the index (robots.txt). */
export const PUBLIC_PAGES: readonly PublicPage[] = [
  {
    path: '/',
    title: ({ name, tagline }) => `${name} — ${tagline}`,
    description: ({ name }) =>
      `${name} searches your mail, files, chat, docs, issues and calendars at once, pulls out dates, totals and people with AI, and sends the answer to chat, email or docs. Private by design: an on-device index and read-only connectors.`,
  },
  {
    path: '/auth/login',
    title: ({ name }) => `Sign in — ${name}`,
    description: ({ name }) =>
      `Sign in to ${name} with your email to search across your work apps and pick up your chats where you left them.`,
  },
  {
    path: '/auth/register',
    title: ({ name }) => `Create your account — ${name}`,
    description: ({ name }) =>
      `Create a free ${name} account with your email: connect up to three sources and search them all from one box.`,
  },
  {
    path: '/integrations',
    title: ({ name }) => `Integrations — ${name}`,
    description: ({ name }) =>
      `Connect ${name} to mail, file storage, chat, docs, issues and calendars with read-only, least-privilege connectors.`,
  },
  {
    path: '/playground',
    title: ({ name }) => `Playground — ${name}`,
    description: ({ name }) =>
      `Try ${name}'s playbook templates: find, summarize, extract and route answers from your work apps.`,
  },
  {
    path: '/contact',
    title: ({ name }) => `Contact — ${name}`,
    description: ({ name }) =>
      `Talk to the ${name} team about pricing, Enterprise plans, security reviews and data residency.`,
  },
];

/**
 * The answer to any path that is no page (docs/decisions/055): nginx serves it with a 404 status, and the
 * shell's not-found page takes over from it.
 */
export const NOT_FOUND_PAGE: PublicPage = {
  path: '/404',
  title: ({ name }) => `Page not found — ${name}`,
  description: ({ name }) => `This address is not a ${name} page. It may be mistyped, or the page has moved.`,
  noindex: true,
};

/** Every page the build writes a document for. */
export const ALL_PAGES: readonly PublicPage[] = [...PUBLIC_PAGES, NOT_FOUND_PAGE];

/** Served at /share-image.png; 1200×630 is what Open Graph and Twitter's large card ask for. */
export const SHARE_IMAGE = { path: '/share-image.png', width: 1200, height: 630 } as const;

/**
 * The site's public origin: PUBLIC_URL (the same setting the services use for cookies and mailed links),
 * else where `npm start` serves it. Any path on it is kept (a site under /app/), without the last slash.
 */
export function publicOrigin(env: NodeJS.ProcessEnv): string {
  const value = env.PUBLIC_URL?.trim();
  if (!value) return `http://localhost:${env.HTTP_PORT?.trim() || 8080}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PUBLIC_URL must be an http(s) URL, got ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`PUBLIC_URL must be an http(s) URL, got ${JSON.stringify(value)}`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The page's absolute URL: `/` is the origin with a slash, the rest have none (as the router writes them). */
export function canonicalUrl(origin: string, path: string): string {
  return `${origin}${path}`;
}

/** schema.org SoftwareApplication for `/`: one Offer per plan with a price (Enterprise is quoted). */
export function softwareApplication(names: ProductNames, origin: string, planList: readonly Plan[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: names.name,
    description: PUBLIC_PAGES[0]?.description(names),
    url: canonicalUrl(origin, '/'),
    image: `${origin}${SHARE_IMAGE.path}`,
    applicationCategory: 'BusinessApplication',
    operatingSystem: 'Web, Windows, macOS, Linux, Android, iOS',
    offers: planList.flatMap((plan) =>
      plan.monthly === null
        ? []
        : [
            {
              '@type': 'Offer',
              name: plan.name,
              description: plan.tagline,
              price: String(plan.monthly),
              priceCurrency: 'INR',
              url: canonicalUrl(origin, plan.href),
              ...(plan.monthly > 0
                ? {
                    priceSpecification: {
                      '@type': 'UnitPriceSpecification',
                      price: String(plan.monthly),
                      priceCurrency: 'INR',
                      unitCode: 'MON',
                    },
                  }
                : {}),
            },
          ],
    ),
  };
}

/** JSON inside <script>: `<` escaped, so no text in it can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The tags one page adds to <head>, and its <title>. */
export function pageHead(
  page: PublicPage,
  names: ProductNames,
  origin: string,
): { title: string; tags: string } {
  const title = page.title(names);
  const description = page.description(names);
  const url = canonicalUrl(origin, page.path);
  const image = `${origin}${SHARE_IMAGE.path}`;
  const imageAlt = `${names.name}: ${names.tagline}`;
  const meta = (key: 'name' | 'property', id: string, content: string) =>
    `<meta ${key}="${id}" content="${escapeHtml(content)}">`;
  if (page.noindex) {
    return {
      title,
      tags: [meta('name', 'description', description), meta('name', 'robots', 'noindex')].join(''),
    };
  }
  const tags = [
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', names.name),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', String(SHARE_IMAGE.width)),
    meta('property', 'og:image:height', String(SHARE_IMAGE.height)),
    meta('property', 'og:image:alt', imageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', imageAlt),
    // Data, not code: the CSP's script-src does not apply to a JSON-LD block (no inline script runs).
    ...(page.path === '/'
      ? [
          `<script type="application/ld+json">${scriptJson(softwareApplication(names, origin, plans(names.name)))}</script>`,
        ]
      : []),
  ];
  return { title, tags: tags.join('') };
}

/** `html` (the shell's index.html or landing.html) with this page's title and head tags. */
export function withPageHead(html: string, head: { title: string; tags: string }): string {
  if (!/<title>[^<]*<\/title>/.test(html) || !html.includes('</head>')) {
    throw new Error('the page has no <title> or </head>: cannot write its head tags');
  }
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace('</head>', () => `${head.tags}</head>`);
}

/** The signed-in area and the API are not for crawlers; the public pages and the sitemap are. */
export function robotsTxt(origin: string): string {
  return `User-agent: *
Allow: /
Disallow: /api/
Disallow: /chats
Disallow: /connections
Disallow: /uploads
Disallow: /profile

Sitemap: ${origin}/sitemap.xml
`;
}

export function sitemapXml(origin: string, pages: readonly PublicPage[] = PUBLIC_PAGES): string {
  const urls = pages
    .map((page) => `  <url><loc>${escapeHtml(canonicalUrl(origin, page.path))}</loc></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls}
</urlset>
`;
}

/** Where a page's document is written in the site: `/` is the prerendered landing page. */
export function pageFile(path: string): string {
  return path === '/' ? 'landing.html' : `pages${path}.html`;
}
