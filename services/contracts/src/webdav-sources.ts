import { z } from 'zod';
import { hasControls } from './host-name';
import { requestBody } from './request-body';
import { SourceUrlSchema } from './source-urls';

// Issue 43 item 2: a file share over WebDAV (Nextcloud, ownCloud, Synology, Apache or nginx): its address, the
// user and an app password; the folders to read, or all of it. Every file the share holds that uploads accept
// becomes a document, found under its folder's path.

export const WEBDAV_FOLDERS_MAX = 200;
export const WEBDAV_FOLDER_MAX_LENGTH = 1000;

export const WEBDAV_MESSAGES = {
  usernameRequired: 'Enter the user name you sign in to the file share with.',
  usernameTooLong: 'A user name can be at most 320 characters.',
  badFolders: `Choose up to ${WEBDAV_FOLDERS_MAX} folders by their path in the share ("Documents/Reports"), or none for all of it.`,
} as const;

/** A folder of the share, relative to the address: "Documents/Reports", no leading slash, never "..". */
const folderPath = z
  .string()
  .trim()
  .transform((path) => path.replace(/^\/+|\/+$/g, ''))
  .pipe(
    z
      .string()
      .min(1)
      .max(WEBDAV_FOLDER_MAX_LENGTH)
      .refine((path) => !hasControls(path) && !path.split('/').some((part) => part === '..' || part === '.')),
  );

export const WebdavSettingsSchema = z.object({
  /** The share's WebDAV address (Nextcloud: https://cloud.example.com/remote.php/dav/files/<user>/). */
  url: SourceUrlSchema,
  username: z
    .string({ error: WEBDAV_MESSAGES.usernameRequired })
    .trim()
    .min(1, WEBDAV_MESSAGES.usernameRequired)
    .max(320, WEBDAV_MESSAGES.usernameTooLong)
    .refine((name) => !hasControls(name) && !name.includes(':'), WEBDAV_MESSAGES.usernameRequired),
  /** Folders read (and everything under them); null: the whole share. */
  folders: z
    .array(folderPath, { error: WEBDAV_MESSAGES.badFolders })
    .min(1, WEBDAV_MESSAGES.badFolders)
    .max(WEBDAV_FOLDERS_MAX, WEBDAV_MESSAGES.badFolders)
    .transform((folders) => [...new Set(folders)])
    .nullable()
    .default(null),
});
export type WebdavSettings = z.output<typeof WebdavSettingsSchema>;
export type WebdavSettingsInput = z.input<typeof WebdavSettingsSchema>;

export const webdavSettingsRequest = requestBody(WebdavSettingsSchema.shape);

export const WebdavSettingsChangeSchema = requestBody({
  url: SourceUrlSchema.optional(),
  username: WebdavSettingsSchema.shape.username.optional(),
  /** null: the whole share again; absent: unchanged. */
  folders: WebdavSettingsSchema.shape.folders.unwrap().optional(),
});
export type WebdavSettingsChange = z.output<typeof WebdavSettingsChangeSchema>;
