import { chromium } from 'playwright-core';
const url = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-quic'] });
const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
await page.addInitScript(() => {
  window.__frames = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__frames.push({ start: Math.round(e.startTime), dur: Math.round(e.duration), render: Math.round(e.renderStart ? e.duration - (e.renderStart - e.startTime) : 0), style: Math.round(e.styleAndLayoutStart ? (e.startTime + e.duration - e.styleAndLayoutStart) : 0), scripts: e.scripts.map(s => s.sourceURL.replace(/^.*\//,'') + ':' + Math.round(s.duration)).join(',') }); }).observe({ type: 'long-animation-frame', buffered: true });
});
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.argv[3] ?? 1) });
await page.goto(url, { waitUntil: 'load' });
await page.waitForTimeout(6000);
console.log(JSON.stringify(await page.evaluate(() => window.__frames), null, 0));
await browser.close();
