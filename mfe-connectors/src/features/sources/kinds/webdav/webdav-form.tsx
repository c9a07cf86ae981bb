import type { UrlKindWords } from '../url-source-form';

// Issue 43 item 2: the "Nextcloud / WebDAV" card's form. No folder chosen reads the whole share.

export const webdavWords: UrlKindWords<'webdav'> = {
  kind: 'webdav',
  lede: (name) =>
    `${name} reads the share’s files over WebDAV and never changes, moves or deletes anything. Every file uploads accept is indexed under its folder; changed and deleted files follow on each sync.`,
  urlLabel: 'WebDAV address',
  urlHint: 'Nextcloud and ownCloud: Files › Settings › WebDAV (…/remote.php/dav/files/<user>/).',
  urlPlaceholder: 'https://cloud.example.com/remote.php/dav/files/ada/',
  usernameRequired: true,
  usernameHint: 'The name you sign in to the share with.',
  passwordLabel: 'App password',
  passwordHint: (name) =>
    `Make an app password for ${name} alone (Nextcloud: Settings › Security), so you can revoke it any time. It is stored encrypted.`,
  passwordOptional: false,
  choiceLegend: 'Folders to read',
  choiceHint: 'Check the folders to read, or none for the whole share.',
  passed: 'The share answers. Choose folders (or none for all of it), then press Connect.',
  single: false,
  settings: ({ url, username }, chosen) => ({
    url,
    username,
    folders: chosen.size === 0 ? null : [...chosen],
  }),
  saved: (source) =>
    source.kind === 'webdav'
      ? {
          url: source.settings.url,
          username: source.settings.username,
          chosen: source.settings.folders ?? [],
        }
      : { url: '', username: '', chosen: [] },
};
