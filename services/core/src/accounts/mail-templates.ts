import type { MailMessage } from '../mailer';

// The mails of the accounts flows (SPEC §4.3): text and HTML, the product name from config (APP_NAME).

export type CodeMailPurpose = 'verify' | 'login2fa' | 'reset';

const CODE_SUBJECTS: Record<CodeMailPurpose, (product: string) => string> = {
  verify: (product) => `Your ${product} verification code`,
  login2fa: (product) => `Your ${product} sign-in code`,
  reset: (product) => `Your ${product} password reset code`,
};

const CODE_LEADS: Record<CodeMailPurpose, string> = {
  verify: 'Use this code to verify your email address:',
  login2fa: 'Use this code to finish signing in:',
  reset: 'Use this code to reset your password:',
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function htmlPage(product: string, body: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:480px;margin:24px auto">
<h1 style="font-size:20px">${escapeHtml(product)}</h1>
${body}
<p style="color:#666;font-size:12px">If you did not ask for this, you can ignore this email.</p>
</body></html>`;
}

export function codeMail(options: {
  product: string;
  to: string;
  purpose: CodeMailPurpose;
  code: string;
  minutes: number;
}): MailMessage {
  const { product, to, purpose, code, minutes } = options;
  const lead = CODE_LEADS[purpose];
  return {
    to,
    subject: CODE_SUBJECTS[purpose](product),
    text: `${lead}\n\n${code}\n\nThe code works once and expires in ${minutes} minutes.\n\nIf you did not ask for this, you can ignore this email.\n— ${product}\n`,
    html: htmlPage(
      product,
      `<p>${escapeHtml(lead)}</p>
<p style="font-size:32px;letter-spacing:6px;font-weight:700">${escapeHtml(code)}</p>
<p>The code works once and expires in ${minutes} minutes.</p>`,
    ),
  };
}

export function passwordChangedMail(options: { product: string; to: string }): MailMessage {
  const { product, to } = options;
  const lead = `The password of your ${product} account was just changed, and other devices were signed out.`;
  const help = 'If this was not you, reset your password now from the sign-in page.';
  return {
    to,
    subject: `Your ${product} password was changed`,
    text: `${lead}\n\n${help}\n— ${product}\n`,
    html: htmlPage(product, `<p>${escapeHtml(lead)}</p><p>${escapeHtml(help)}</p>`),
  };
}
