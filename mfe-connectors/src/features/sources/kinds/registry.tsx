import type { Source } from '@trove/contracts';
import { gitWords } from './git/git-form';
import type { UrlKindWords } from './url-source-form';
import { webdavWords } from './webdav/webdav-form';

// The Connections page's kinds named by an address (issue 43): one entry each, so the dialogs, the cards and the
// catalog ask here rather than name them.

export const URL_KINDS = { webdav: webdavWords, git: gitWords } as const satisfies Record<
  string,
  UrlKindWords
>;
export type UrlKind = keyof typeof URL_KINDS;

/** The catalog card that opens each kind's form. */
export const URL_KIND_OF_CONNECTOR: Readonly<Record<string, UrlKind>> = { webdav: 'webdav', github: 'git' };

export const URL_KIND_TITLES: Readonly<Record<UrlKind, string>> = {
  webdav: 'Add a file share (Nextcloud / WebDAV)',
  git: 'Connect a repository by URL',
};

/** The buttons above the sources that open each form. */
export const URL_KIND_ADD_LABELS: Readonly<Record<UrlKind, string>> = {
  webdav: 'Add a file share',
  git: 'Add a repository',
};
export const URL_KIND_ORDER: readonly UrlKind[] = ['webdav', 'git'];

/** What a card counts. */
export const URL_KIND_UNITS: Readonly<Record<UrlKind, { one: string; many: string }>> = {
  webdav: { one: 'file', many: 'files' },
  git: { one: 'file or commit', many: 'files and commits' },
};

export const isUrlKind = (kind: string): kind is UrlKind => kind in URL_KINDS;

/** The lines under a source's name. */
export function kindMeta(source: Extract<Source, { kind: UrlKind }>): string[] {
  const host = new URL(source.settings.url).host;
  if (source.kind === 'webdav')
    return [
      `WebDAV · ${host}`,
      source.settings.folders === null ? 'The whole share' : source.settings.folders.join(', '),
    ];
  return [`Git · ${host}`, source.settings.branch ?? 'Default branch'];
}
