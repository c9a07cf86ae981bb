/** docs/product/public-pages.md#social-proof testimonial: body, person, title, company. */
export interface Testimonial {
  body: string;
  person: string;
  title: string;
  company: string;
}

export const testimonials = (appName: string): readonly Testimonial[] => [
  {
    body: 'Month-end used to mean three days of digging through inboxes for invoices. Now one command finds them, totals them and posts the list to #finance.',
    person: 'Ananya Rao',
    title: 'Finance Controller',
    company: 'Kestrel Freight',
  },
  {
    body: `Our support leads ask ${appName} about an account before every escalation call. It reads Zendesk, Slack and Jira at once, and it never asked for write access.`,
    person: 'Marcus Bell',
    title: 'Head of Support',
    company: 'Northwind Cloud',
  },
  {
    body: 'The index lives on our laptops and the keys sit in the keychain. That is why our security review took a week instead of a quarter.',
    person: 'Farah Qureshi',
    title: 'IT & Security Lead',
    company: 'Lumen Health',
  },
  {
    body: 'I write release notes by asking for merged PRs and closed tickets since the last tag. The draft lands in Teams before standup.',
    person: 'Diego Alvarez',
    title: 'Engineering Manager',
    company: 'Parcelly',
  },
];
