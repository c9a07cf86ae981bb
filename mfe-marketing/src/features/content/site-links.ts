/**
 * Footer columns (docs/product/public-pages.md#landing-links). The spec does not show their targets; ours go to a section of this page or
 * to /contact, so no link leads nowhere.
 */
export interface SiteLink {
  label: string;
  href: string;
}

export const footerColumns: ReadonlyArray<{ title: string; links: readonly SiteLink[] }> = [
  {
    title: 'Product',
    links: [
      { label: 'Features', href: '#features' },
      { label: 'How it works', href: '#how-it-works' },
      { label: 'Playbooks', href: '#explore' },
      { label: 'Integrations', href: '#explore' },
      { label: 'Roadmap', href: '/contact?topic=pricing' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About', href: '#customers' },
      { label: 'Careers', href: '/contact' },
      { label: 'Press', href: '/contact' },
      { label: 'Contact', href: '/contact' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'Docs', href: '#how-it-works' },
      { label: 'API', href: '/contact' },
      { label: 'Changelog', href: '#features' },
      { label: 'Status', href: '/contact' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy', href: '#security' },
      { label: 'Security', href: '/security.pdf' },
      { label: 'Terms', href: '/contact' },
      { label: 'DPA', href: '/contact?topic=security' },
    ],
  },
];
