import type { FlowStepKey } from '../flow/flow-timeline';

/** docs/product/public-pages.md#flow flow step: key, title, blurb, chips. */
export interface FlowStep {
  key: FlowStepKey;
  title: string;
  blurb: string;
  chips: readonly string[];
}

export const flowSteps = (appName: string): readonly FlowStep[] => [
  {
    key: 'connect',
    title: 'Connect',
    blurb: 'Sign in to your sources with read-only access. The index builds on your device.',
    chips: ['Gmail', 'Drive', 'Slack', 'Jira'],
  },
  {
    key: 'ask',
    title: 'Ask',
    blurb: 'Type what you need in plain words, with a verb and where the answer should go.',
    chips: ['find', 'summarize', 'draft', 'export', 'share'],
  },
  {
    key: 'extract',
    title: 'Extract',
    blurb: `${appName} pulls the dates, totals and people out of every matching result.`,
    chips: ['Dates', 'Totals', 'Entities'],
  },
  {
    key: 'ship',
    title: 'Ship',
    blurb: 'The summary lands in chat, Teams, email or a docs folder, with links back to the sources.',
    chips: ['Chat', 'Teams', 'Email', 'Drive'],
  },
];
