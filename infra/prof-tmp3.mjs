import { chromium } from 'playwright-core';
const url = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-quic'] });
const page = await browser.newPage({ viewport: { width: 412, height: 823 }, javaScriptEnabled: true });
await page.route(/\.js$/, (r) => r.abort());
await page.goto(url, { waitUntil: 'load' });
await page.waitForTimeout(500);
const out = await page.evaluate(() => {
  const copy = document.querySelector('div[data-prerendered]');
  const sections = Array.from(copy.querySelectorAll('[data-section], header, footer, main > div > section, main > div > div'));
  const res = [];
  const all = () => { const t = performance.now(); void document.body.offsetHeight; return performance.now() - t; };
  // whole page cost
  copy.style.display = 'none'; all(); copy.style.display = ''; 
  const whole = all();
  for (const s of sections) {
    s.style.display = 'none'; all();
    const times = [];
    for (let i = 0; i < 3; i++) { s.style.display = ''; times.push(all()); s.style.display = 'none'; all(); }
    s.style.display = '';
    res.push([s.tagName + '#' + (s.id || s.dataset.section || '') , s.querySelectorAll('*').length, Math.min(...times).toFixed(1)]);
  }
  return { whole: whole.toFixed(1), count: copy.querySelectorAll('*').length, res };
});
console.log(JSON.stringify(out, null, 0));
await browser.close();
