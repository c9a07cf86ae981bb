import { LANDING_SEARCH_EXAMPLE, searchQueryReading } from '@trove/contracts';
import type { IconName } from './icons';

/** docs/product/public-pages.md#feature-grid feature card: icon, optional badge, title, blurb, chips, optional KPI, optional demo. */
export interface FeatureCard {
  icon: IconName;
  badge?: 'New' | 'Pro' | 'Beta';
  title: string;
  blurb: string;
  chips: readonly string[];
  kpi?: { label: string; value: string };
  /** A one-line example of the feature at work. */
  demo?: string;
  /** How the product reads the example, part by part (the search card: the search's own parser). */
  demoReading?: readonly string[];
}

const searchDemoReading = searchQueryReading(LANDING_SEARCH_EXAMPLE);

/** The twelve cards (docs/product/public-pages.md#feature-grid), covering the claims of docs/product/public-pages.md#claims. */
export const featureCards = (appName: string): readonly FeatureCard[] => [
  {
    icon: 'search',
    title: 'One search across every source',
    blurb: 'Mail, file storage, chat, docs, issues and calendars answer the same query, ranked together.',
    chips: ['Mail', 'Files', 'Chat', 'Docs', 'Issues', 'Calendars'],
    // Issue 19 item 4: the example is the product's own syntax, and a test runs it against documents.
    demo: LANDING_SEARCH_EXAMPLE,
    demoReading: searchDemoReading,
  },
  {
    icon: 'people',
    title: 'People, recognised across apps',
    blurb:
      'Priya in Slack, p.shah@ in Gmail and @priya in Jira are one person, so "from Priya" means all three.',
    chips: ['Identity', 'Aliases', 'Teams'],
  },
  {
    icon: 'spark',
    badge: 'New',
    title: 'Dates, totals and entities, pulled out',
    blurb: 'AI extraction reads the result for due dates, invoice totals, vendors and PO numbers.',
    chips: ['Dates', 'Totals', 'Entities'],
    demo: 'Due 14 Jun · ₹4,82,000 · Acme Logistics',
  },
  {
    icon: 'send',
    title: 'Send the answer where work happens',
    blurb: 'A summary goes to a chat channel, a Teams channel, an email thread or a docs folder in one step.',
    chips: ['Chat', 'Teams', 'Email', 'Docs'],
    demo: 'summarize Q3 vendor spend → #finance',
  },
  {
    icon: 'device',
    title: 'The index stays on your device',
    blurb:
      'Your index is built and kept on your machine. Nothing is copied to our servers to make search work.',
    chips: ['On-device', 'Offline'],
  },
  {
    icon: 'key',
    title: 'Keys in your OS keychain',
    blurb: 'Tokens and encryption keys live in the operating system keychain, never in a file we can read.',
    chips: ['Keychain', 'Secure enclave'],
  },
  {
    icon: 'eyeOff',
    title: 'Zero telemetry by default',
    blurb: 'No usage analytics leave your device unless you switch them on. The cloud relay is optional.',
    chips: ['Privacy by design', 'Opt-in relay'],
  },
  {
    icon: 'shield',
    title: 'Read-only, least-privilege connectors',
    blurb: `Every connector asks for the narrowest read scope the source offers. ${appName} never writes back.`,
    chips: ['Read-only', 'Scoped OAuth'],
  },
  {
    icon: 'bolt',
    title: 'Answers in about 200 ms',
    blurb: 'A median query returns in about 200 ms, and p95 stays under 350 ms, even across a dozen sources.',
    chips: ['Fast', 'Local ranking'],
    kpi: { label: 'Median query', value: '~200 ms' },
  },
  {
    icon: 'plug',
    title: '12+ connectors, ready today',
    blurb: 'Gmail, Outlook, Drive, OneDrive, Slack, Teams, Notion, Confluence, Jira, GitHub and more.',
    chips: ['OAuth', 'Delta sync'],
    kpi: { label: 'Connectors', value: '15' },
  },
  {
    icon: 'lock',
    badge: 'Pro',
    title: 'Encrypted at rest and in transit',
    blurb: 'AES-256 at rest and TLS 1.2+ on the wire, with SAML/OIDC single sign-on and SCIM for teams.',
    chips: ['AES-256', 'TLS 1.2+', 'SSO'],
  },
  {
    icon: 'flow',
    badge: 'Beta',
    title: 'Playbooks for repeat work',
    blurb: 'Invoice sweeps, ticket triage and release notes run as saved workflows your team can reuse.',
    chips: ['Workflows', 'Templates'],
    kpi: { label: 'Playbooks', value: '16' },
  },
];
