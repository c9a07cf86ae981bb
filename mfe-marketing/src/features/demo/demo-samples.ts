/** The commands the hero demo types (docs/product/public-pages.md#hero), each with the three stages it reveals. */
export interface DemoSample {
  command: string;
  /** What the first two stages say; the third is where the answer went, read from the command. */
  found: string;
  extracted: string;
}

/** A sample as the demo shows it, its third stage's words included (the drawn page's driver reads these). */
export interface DrawnSample extends DemoSample {
  sent: string;
}

export const demoSamples: readonly DemoSample[] = [
  {
    command: 'find invoices over ₹50,000 from March → #finance',
    found: 'Searched Gmail, Drive and Slack · 23 matches',
    extracted: '6 invoices · ₹4,82,000 total · next due 14 Jun',
  },
  {
    command: 'summarize open P1 tickets → teams "Support Leads"',
    found: 'Searched Zendesk, Jira and Slack · 11 tickets',
    extracted: '4 customers · oldest 3d 6h · 2 owners',
  },
  {
    command: 'export signed vendor contracts → drive /Legal/2024',
    found: 'Searched Outlook, Drive and Notion · 9 contracts',
    extracted: 'Renewals 2 Jul, 18 Sep · ₹12,40,000 annual',
  },
];
