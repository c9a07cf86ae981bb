import { urlSourceKind } from '../url-kind';
import { gitWords } from './git-form';

// A Git repository by its HTTPS address (issue 43 item 3): the GitHub card and "Add a repository".
export const gitKind = urlSourceKind(gitWords, {
  title: 'Connect a repository by URL',
  button: { label: 'Add a repository', order: 3 },
  connectors: ['github'],
  meta: ({ settings }) => [`Git · ${new URL(settings.url).host}`, settings.branch ?? 'Default branch'],
  units: { one: 'file or commit', many: 'files and commits' },
  kept: 'The repository itself is not touched.',
});
