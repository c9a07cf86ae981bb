/**
 * The share image (Open Graph / Twitter card, 1200×630) as an HTML page: the product's mark, name and
 * tagline beside a search box and results as the app draws them, in the light theme's tokens
 * (shell/kit/src/tokens.css). render.ts photographs it with Chromium.
 */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function shareImageHtml(settings: { name: string; shortName: string; tagline: string }): string {
  const { name, shortName, tagline } = settings;
  const results = [
    { source: 'Mail', title: 'Invoice INV-2041 from Northwind', meta: 'Total ₹1,24,500 · due 14 Mar' },
    { source: 'Drive', title: 'Q3 vendor contracts.pdf', meta: 'Renewal date 30 Sep · 3 parties' },
    { source: 'Chat', title: '#finance — “approved, send it today”', meta: 'Priya · 2 h ago' },
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><style>
  * { box-sizing: border-box; margin: 0; }
  body { width: ${SHARE_IMAGE_SIZE.width}px; height: ${SHARE_IMAGE_SIZE.height}px; overflow: hidden;
    font-family: "Noto Sans", system-ui, sans-serif; color: #141a24;
    background: radial-gradient(circle at 85% 10%, #e8e9fd 0, transparent 45%), #f7f8fb;
    display: grid; grid-template-columns: 520px 1fr; gap: 48px; padding: 72px; }
  .mark { width: 72px; height: 72px; border-radius: 18px; background: #4a4de0; color: #fff;
    display: grid; place-items: center; font-size: 44px; font-weight: 800; }
  h1 { font-size: 76px; line-height: 1; margin-top: 40px; letter-spacing: -0.03em; }
  p.tagline { font-size: 38px; line-height: 1.2; margin-top: 24px; color: #4a4de0; font-weight: 700; }
  p.blurb { font-size: 24px; line-height: 1.4; margin-top: 24px; color: #5b6678; }
  .panel { align-self: center; background: #fff; border: 1px solid #dde2ea; border-radius: 16px;
    box-shadow: 0 24px 60px rgba(20, 26, 36, 0.12); padding: 24px; }
  .query { border: 2px solid #4a4de0; border-radius: 10px; padding: 14px 18px; font-size: 22px; }
  .query b { color: #4a4de0; }
  .result { display: grid; grid-template-columns: 72px 1fr; gap: 14px; align-items: center;
    padding: 16px 4px; border-bottom: 1px solid #eef1f6; }
  .result:last-child { border-bottom: 0; padding-bottom: 0; }
  .chip { font-size: 15px; font-weight: 700; color: #3b3ec4; background: #e8e9fd; border-radius: 999px;
    padding: 6px 0; text-align: center; }
  .title { font-size: 21px; font-weight: 700; }
  .meta { font-size: 17px; color: #5b6678; margin-top: 4px; }
</style></head><body>
  <div>
    <div class="mark">${escapeHtml(shortName)}</div>
    <h1>${escapeHtml(name)}</h1>
    <p class="tagline">${escapeHtml(tagline)}</p>
    <p class="blurb">Search mail, files, chat, docs and calendars at once; extract dates and totals; send the answer where your team works.</p>
  </div>
  <div class="panel">
    <div class="query"><b>find</b> invoices due in March</div>
    ${results
      .map(
        (r) =>
          `<div class="result"><span class="chip">${r.source}</span><div><div class="title">${escapeHtml(r.title)}</div><div class="meta">${escapeHtml(r.meta)}</div></div></div>`,
      )
      .join('\n    ')}
  </div>
</body></html>
`;
}
