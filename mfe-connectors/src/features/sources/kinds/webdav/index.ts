import { urlSourceKind } from '../url-kind';
import { webdavWords } from './webdav-form';

// A file share over WebDAV (issue 43 item 2): the "Nextcloud / WebDAV" card and "Add a file share".
export const webdavKind = urlSourceKind(webdavWords, {
  title: 'Add a file share (Nextcloud / WebDAV)',
  button: { label: 'Add a file share', order: 2 },
  connectors: ['webdav'],
  meta: ({ settings }) => [
    `WebDAV · ${new URL(settings.url).host}`,
    settings.folders === null ? 'The whole share' : settings.folders.join(', '),
  ],
  units: { one: 'file', many: 'files' },
  kept: 'The share itself is not touched.',
});
