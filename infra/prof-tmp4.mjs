import { chromium } from 'playwright-core';
const [url, sel] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-quic'] });
const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
await page.route(/\.js$/, (r) => r.abort());
await page.goto(url, { waitUntil: 'load' });
await page.waitForTimeout(300);
const out = await page.evaluate((sel) => {
  const all = () => { const t = performance.now(); void document.body.offsetHeight; return performance.now() - t; };
  const measure = (s) => { s.style.display = 'none'; all(); const times = []; for (let i = 0; i < 5; i++) { s.style.display = ''; times.push(all()); s.style.display = 'none'; all(); } s.style.display = ''; all(); return Math.min(...times); };
  const res = [];
  const walk = (el, depth) => {
    for (const c of el.children) {
      const n = c.querySelectorAll('*').length;
      if (n < 15) continue;
      res.push(['  '.repeat(depth) + c.tagName + '.' + (c.getAttribute('aria-label')||c.id||c.className).toString().slice(0,40), n, measure(c).toFixed(1)]);
      if (depth < 4) walk(c, depth + 1);
    }
  };
  walk(document.querySelector(sel), 0);
  return res;
}, sel);
for (const r of out) console.log(r.join('  '));
await browser.close();
