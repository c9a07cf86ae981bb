import { describe, expect, it } from 'vitest';
import { readEmail } from './email';

const utf8 = (text: string) => new TextEncoder().encode(text);
const noAttachments = async () => null;

describe('reading an email', () => {
  it('people in an address group are listed one by one', async () => {
    const eml =
      'From: ops@acme.com\nTo: Board: Asha Rao <asha@acme.com>, Li Wei <li@globex.com>;\nSubject: Minutes\n\nSee you.';
    const text = await readEmail(utf8(eml), 'x', noAttachments);
    expect(text.people).toEqual([
      { name: 'ops@acme.com', email: 'ops@acme.com' },
      { name: 'Asha Rao', email: 'asha@acme.com' },
      { name: 'Li Wei', email: 'li@globex.com' },
    ]);
    expect(text.organisations).toEqual(['acme.com', 'globex.com']);
  });

  it('a mail without subject or date falls back to the file name and no date', async () => {
    const text = await readEmail(utf8('From: a@b.com\n\nHello'), 'forwarded', noAttachments);
    expect(text).toMatchObject({
      title: 'forwarded',
      documentDate: null,
      blocks: [{ location: 'body', text: 'Hello' }],
    });
  });

  it('an attachment Trove cannot read does not fail the mail', async () => {
    const eml = [
      'From: a@acme.com',
      'Subject: Photo',
      'Content-Type: multipart/mixed; boundary="x"',
      '',
      '--x',
      'Content-Type: text/plain',
      '',
      'Photo attached.',
      '--x',
      'Content-Type: image/png; name="a.png"',
      'Content-Disposition: attachment; filename="a.png"',
      'Content-Transfer-Encoding: base64',
      '',
      'iVBORw0KGgo=',
      '--x--',
    ].join('\n');
    const text = await readEmail(utf8(eml), 'x', async () => {
      throw new Error('not readable');
    });
    expect(text.parts).toBe(1);
    expect(text.blocks.map((b) => b.text)).toEqual(['Photo attached.']);
  });
});
