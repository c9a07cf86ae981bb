// The pages a recipient sees from the confirm link (issue 18 item 1). Plain server HTML: the person
// clicking is not signed in to Trove, and the page must work without the app's scripts.

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(product: string, title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg"><title>${escapeHtml(title)} · ${escapeHtml(product)}</title></head>
<body style="font-family:system-ui,sans-serif;color:#111;background:#fff;max-width:480px;margin:48px auto;padding:0 16px;line-height:1.5">
<p style="font-weight:700;font-size:20px;margin:0 0 24px">${escapeHtml(product)}</p>
<h1 style="font-size:22px">${escapeHtml(title)}</h1>
${body}
</body></html>`;
}

/**
 * GET shows a button and only the POST confirms, so a mail scanner that follows every link never
 * confirms on the recipient's behalf.
 */
export function confirmPromptPage(product: string, action: string, token: string): string {
  return page(
    product,
    'Confirm this address',
    `<p>Someone using ${escapeHtml(product)} wants to send answers to this address. Confirm only if you expect them.</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit" style="font:inherit;font-weight:600;padding:10px 18px;border-radius:8px;border:0;background:#1d4ed8;color:#fff;cursor:pointer">Confirm</button></form>`,
  );
}

export function confirmedPage(product: string, sender: string): string {
  return page(
    product,
    'Address confirmed',
    `<p>${escapeHtml(sender)} can now send you answers from ${escapeHtml(product)}. You can close this page.</p>`,
  );
}

export function confirmLinkInvalidPage(product: string): string {
  return page(
    product,
    'This link does not work',
    '<p>It was already used, or it is not a whole confirmation link. Nothing was changed.</p>',
  );
}
