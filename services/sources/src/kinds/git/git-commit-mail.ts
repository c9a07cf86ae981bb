import type { Commit } from './git-repo';

// A commit as a document (issue 43 item 3): written as a message, so the extraction that reads mail gives it its
// author as a person ("from:ann") and its date as the document's date, with no reader of its own. Header
// values are cleaned of line breaks (a name cannot add a header) and carried as RFC 2047 words when not ASCII.

const clean = (text: string) => text.replace(/[\r\n\t\p{Cc}]+/gu, ' ').trim();

function headerWord(text: string): string {
  const value = clean(text);
  return /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value).toString('base64')}?=`;
}

function address(email: string): string {
  const value = clean(email);
  return /^[^\s@<>"]+@[^\s@<>"]+$/.test(value) ? value : 'unknown@invalid';
}

export function commitMail(commit: Commit, where: { repository: string; branch: string }): Buffer {
  const subject = commit.message.split('\n')[0] ?? '';
  const date = Number.isNaN(Date.parse(commit.date)) ? new Date(0) : new Date(commit.date);
  const name = headerWord(commit.author).replace(/["\\]/g, '');
  const lines = [
    `From: "${name}" <${address(commit.email)}>`,
    `Date: ${date.toUTCString()}`,
    `Subject: ${headerWord(subject.slice(0, 300))}`,
    `Message-ID: <${commit.sha}@commit.trove>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    commit.message,
    '',
    `Commit ${commit.sha} on ${where.branch} of ${where.repository}`,
    '',
  ];
  return Buffer.from(lines.join('\r\n'));
}
