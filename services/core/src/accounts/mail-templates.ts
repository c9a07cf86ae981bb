import type { MailMessage } from '../mailer';

// The mails of the accounts flows (docs/product/accounts.md#auth-flow): text and HTML, the product name from config (APP_NAME).

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

/** The sensitive profile changes that mail the account a notice (issue 18 item 11). */
export type AccountChange = 'password' | 'phone' | 'two_step_off';

const ACCOUNT_CHANGES: Record<AccountChange, { subject: string; lead: string }> = {
  password: {
    subject: 'password was changed',
    lead: 'The password of your account was just changed, and other devices were signed out.',
  },
  phone: { subject: 'phone number was changed', lead: 'The phone number on your account was just changed.' },
  two_step_off: {
    subject: '2-step verification was turned off',
    lead: '2-step verification was just turned off: signing in now needs only the password.',
  },
};

export function accountChangedMail(options: {
  product: string;
  to: string;
  change: AccountChange;
}): MailMessage {
  const { product, to, change } = options;
  const { subject, lead } = ACCOUNT_CHANGES[change];
  const help = 'If this was not you, reset your password now from the sign-in page.';
  return {
    to,
    subject: `Your ${product} ${subject}`,
    text: `${lead}\n\n${help}\n— ${product}\n`,
    html: htmlPage(product, `<p>${escapeHtml(lead)}</p><p>${escapeHtml(help)}</p>`),
  };
}

/**
 * An answer as it is sent on (issue 11 "Send it on", issue 22 "Ship"): by mail here, and to Slack, Teams and
 * Google Chat by the search service's destination payloads, from one shape.
 */
export interface AnswerDigest {
  product: string;
  /** The question as asked. */
  question: string;
  /** Extractive summary sentences, each with the link to its passage. */
  summary: { text: string; url: string }[];
  /** The fields table's headings (a chat's four, or a workflow's chosen columns). */
  fieldHeadings: string[];
  /** The fields table: one row per passage, a cell per heading, where it came from and the link to it. */
  fields: {
    cells: string[];
    source: string;
    url: string;
  }[];
  /** The cited passages: where they are, a plain-text snippet, and the link back into the chat. */
  passages: { source: string; snippet: string; url: string }[];
  /** The answer in the app. */
  chatUrl: string;
}

export interface ChatAnswerMailOptions extends AnswerDigest {
  to: string;
  /** The account that sent it, named in the fixed subject and the body (issue 18 item 1). */
  sender: string;
}

/**
 * A chat answer sent on by mail (issue 11 "Send it on"): the summary, the fields table and links back to
 * every cited passage. Plain text first for any client, and the same in HTML with a real table.
 */
export function chatAnswerMail(options: ChatAnswerMailOptions): MailMessage {
  const { product, to, sender, question, summary, fieldHeadings, fields, passages, chatUrl } = options;
  // A fixed subject: the question is the sender's text, and a subject of their choosing from the product's
  // own address is what a spammer would want (issue 18 item 1). The question goes in the body.
  const subject = chatAnswerSubject(product, sender);
  const text = [
    `${sender} sent you this answer from ${product}.`,
    '',
    `Question: ${question}`,
    '',
    summary.length > 0 ? 'Summary' : 'Nothing in the documents matched this question.',
    ...summary.map((sentence) => `- ${sentence.text}\n  ${sentence.url}`),
    ...(fields.length > 0
      ? [
          '',
          'Fields found',
          ...fields.map(
            (row) => `- ${row.cells.filter(Boolean).join(' · ') || '—'} (${row.source})\n  ${row.url}`,
          ),
        ]
      : []),
    ...(passages.length > 0
      ? [
          '',
          'Passages',
          ...passages.map((passage) => `- ${passage.source}: ${passage.snippet}\n  ${passage.url}`),
        ]
      : []),
    '',
    `Open the answer in ${product}: ${chatUrl}`,
    `— ${product}`,
    '',
  ].join('\n');

  const cell = 'style="padding:4px 8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top"';
  const link = (url: string, label: string) => `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:640px;margin:24px auto">
<h1 style="font-size:20px">${escapeHtml(product)}</h1>
<p>${escapeHtml(sender)} sent you this answer from ${escapeHtml(product)}.</p>
<p style="color:#555">Question: <strong>${escapeHtml(question)}</strong></p>
${
  summary.length > 0
    ? `<h2 style="font-size:16px">Summary</h2><ul>${summary
        .map((sentence) => `<li>${escapeHtml(sentence.text)} ${link(sentence.url, '(source)')}</li>`)
        .join('')}</ul>`
    : '<p>Nothing in the documents matched this question.</p>'
}
${
  fields.length > 0
    ? `<h2 style="font-size:16px">Fields found</h2><table style="border-collapse:collapse;font-size:14px"><thead><tr>${[
        ...fieldHeadings,
        'Source',
      ]
        .map((heading) => `<th ${cell}>${escapeHtml(heading)}</th>`)
        .join('')}</tr></thead><tbody>${fields
        .map(
          (row) =>
            `<tr>${row.cells.map((text) => `<td ${cell}>${escapeHtml(text || '—')}</td>`).join('')}<td ${cell}>${link(row.url, row.source)}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : ''
}
${
  passages.length > 0
    ? `<h2 style="font-size:16px">Passages</h2>${passages
        .map(
          (passage) =>
            `<p style="margin:8px 0"><strong>${link(passage.url, passage.source)}</strong><br>${escapeHtml(passage.snippet)}</p>`,
        )
        .join('')}`
    : ''
}
<p>${link(chatUrl, `Open the answer in ${product}`)}</p>
</body></html>`;
  return { to, subject, text, html };
}

/** The subject of every mailed answer. */
export function chatAnswerSubject(product: string, sender: string): string {
  return `An answer from ${product}, sent by ${sender}`;
}

/**
 * The one-click confirmation an address gets before answers from an account other than its own go to it
 * (issue 18 item 1): without it, the outbox would mail any address the account typed.
 */
export function recipientConfirmMail(options: {
  product: string;
  to: string;
  sender: string;
  confirmUrl: string;
}): MailMessage {
  const { product, to, sender, confirmUrl } = options;
  const lead = `${sender} wants to send you answers from ${product}.`;
  const help =
    'If you expect them, confirm this address. If not, ignore this email: nothing more will be sent.';
  return {
    to,
    subject: `Confirm answers from ${sender} on ${product}`,
    text: `${lead}\n\n${help}\n\nConfirm: ${confirmUrl}\n— ${product}\n`,
    html: htmlPage(
      product,
      `<p>${escapeHtml(lead)}</p><p>${escapeHtml(help)}</p><p><a href="${escapeHtml(confirmUrl)}">Confirm this address</a></p>`,
    ),
  };
}
