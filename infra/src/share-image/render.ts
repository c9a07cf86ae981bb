// Renders the share image (docs/decisions/049) into share-image.png beside this file, which is committed:
// the build copies it into the site and needs no browser. Run it again when the product's name, tagline
// or look changes:
//   npx tsx infra/src/share-image/render.ts
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { launchBrowser } from '../chromium';
import { appSettings } from '../rspack/apps';
import { SHARE_IMAGE_FILE } from './file';
import { SHARE_IMAGE_SIZE, shareImageHtml } from './template';

const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: SHARE_IMAGE_SIZE, deviceScaleFactor: 1 });
  await page.setContent(shareImageHtml(appSettings));
  writeFileSync(SHARE_IMAGE_FILE, await page.screenshot({ type: 'png' }));
  console.log(`share image → ${path.relative(process.cwd(), SHARE_IMAGE_FILE)}`);
} finally {
  await browser.close();
}
