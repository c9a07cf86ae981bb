/** docs/product/public-pages.md#pricing: the landing page links to /contact?topic=security and /contact?topic=pricing. */
export type ContactTopic = 'security' | 'pricing';

export interface ContactContent {
  topic: ContactTopic | null;
  heading: string;
  lede: string;
  /** Where to write. */
  email: string;
}

/**
 * Placeholder mailboxes on the reserved `.example` domain (RFC 2606) until the real addresses are
 * decided: a page must never point people at a domain we do not own.
 */
const MAILBOX_DOMAIN = 'trove.example';

const content: Record<ContactTopic, ContactContent> = {
  security: {
    topic: 'security',
    heading: 'Talk to our security team',
    lede: 'Questions about how your data is handled, a questionnaire to fill in, or something to report — reach the people who run our security programme.',
    email: `security@${MAILBOX_DOMAIN}`,
  },
  pricing: {
    topic: 'pricing',
    heading: 'Talk to sales',
    lede: 'Plans for teams, Enterprise terms, or onboarding for a team of 25 or more — tell us what you need and we will put a proposal together.',
    email: `sales@${MAILBOX_DOMAIN}`,
  },
};

const general: ContactContent = {
  topic: null,
  heading: 'Contact us',
  lede: 'Tell us what you need and the right person will get back to you.',
  email: `hello@${MAILBOX_DOMAIN}`,
};

/** The page for `?topic=`: security, pricing, or a general page for anything else. */
export function contactContentFor(topic: string | null): ContactContent {
  return topic === 'security' || topic === 'pricing' ? content[topic] : general;
}
