import { chromium } from 'playwright-core';
const url = process.argv[2];
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic'],
});
const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
const cdp = await page.context().newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
await page.goto(url, { waitUntil: 'load' });
await page.waitForTimeout(4000);
const { profile } = await cdp.send('Profiler.stop');
// self time by function+url
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) {
  const n = byId.get(profile.samples[i]);
  const f = n.callFrame;
  const key = `${f.functionName || '(anon)'} ${f.url.replace(/^.*\//, '')}:${f.lineNumber}:${f.columnNumber}`;
  self.set(key, (self.get(key) || 0) + (dt[i] || 0) / 1000);
}
const byUrl = new Map();
for (const [k, v] of self) {
  const u = k.split(' ')[1].split(':')[0];
  byUrl.set(u, (byUrl.get(u) || 0) + v);
}
console.log(
  [...byUrl]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([k, v]) => `${v.toFixed(1)} ${k}`)
    .join('\n'),
);
console.log('---');
console.log(
  [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 30)
    .map(([k, v]) => `${v.toFixed(1)} ${k}`)
    .join('\n'),
);
await browser.close();
