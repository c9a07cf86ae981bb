import path from 'node:path';

/** The committed share image (render.ts draws it); the build copies it to the site's /share-image.png. */
export const SHARE_IMAGE_FILE = path.join(import.meta.dirname, 'share-image.png');
