import type { UrlKindWords } from '../url-source-form';

// Issue 43 item 3: "Connect a repository by URL" on the GitHub card (and any Git host). One branch is read; the
// remote's HEAD unless another is chosen.

export const gitWords: UrlKindWords<'git'> = {
  kind: 'git',
  lede: (name) =>
    `${name} fetches the repository over HTTPS and never pushes. Its text files (code, Markdown, docs) and its commits are indexed; each sync fetches what is new, force-pushes included.`,
  urlLabel: 'Repository address',
  urlHint: 'The address “git clone” takes, such as https://github.com/owner/name.',
  urlPlaceholder: 'https://github.com/owner/name',
  usernameRequired: false,
  usernameHint: 'Optional: most hosts take any name with a token.',
  passwordLabel: 'Token',
  passwordHint: () =>
    'A read-only token (GitHub: fine-grained, “Contents: read”); leave empty for a public repository.',
  passwordOptional: true,
  choiceLegend: 'Branch',
  choiceHint: 'The branch to read; the default branch is checked.',
  passed: 'The repository answers. Check the branch, then press Connect.',
  single: true,
  settings: ({ url, username }, chosen, folders) => {
    const branch = [...chosen][0] ?? null;
    const head = folders.find((folder) => folder.default_selected)?.path;
    return { url, username, branch: branch === null || branch === head ? null : branch };
  },
  saved: (source) =>
    source.kind === 'git'
      ? {
          url: source.settings.url,
          username: source.settings.username,
          chosen: source.settings.branch === null ? [] : [source.settings.branch],
        }
      : { url: '', username: '', chosen: [] },
};
