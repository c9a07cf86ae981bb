import { chromium } from 'playwright-core';
const [url, css] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-quic'] });
const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
await page.route(/\.js$/, (r) => r.abort());
await page.goto(url, { waitUntil: 'load' });
if (css) await page.addStyleTag({ content: css });
await page.waitForTimeout(300);
const out = await page.evaluate(() => {
  const all = () => { const t = performance.now(); void document.body.offsetHeight; return performance.now() - t; };
  const copy = document.querySelector('div[data-prerendered]');
  const m = (s) => { s.style.display = 'none'; all(); const times = []; for (let i = 0; i < 5; i++) { s.style.display = ''; times.push(all()); s.style.display = 'none'; all(); } s.style.display = ''; all(); return Math.min(...times).toFixed(1); };
  return { page: m(copy), explore: m(document.querySelector('#explore')), font: getComputedStyle(document.body).fontFamily };
});
console.log(JSON.stringify(out));
await browser.close();
