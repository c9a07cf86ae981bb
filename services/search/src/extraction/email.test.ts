import { describe, expect, it } from 'vitest';
import { readEmail } from './email';
import { DEFAULT_EXTRACTION_SETTINGS, type ReadContext } from './reader';

const utf8 = (text: string) => new TextEncoder().encode(text);
const noAttachments: ReadContext = {
  settings: DEFAULT_EXTRACTION_SETTINGS,
  deadline: Date.now() + 60_000,
  depth: 0,
};

describe('reading an email', () => {
  it('people in an address group are listed one by one, each with where the header names them', async () => {
    const eml =
      'From: ops@acme.com\nTo: Board: Asha Rao <asha@acme.com>, Li Wei <li@globex.com>;\nCc: Mo <mo@acme.com>\nSubject: Minutes\n\nSee you.';
    const text = await readEmail(utf8(eml), 'x', noAttachments);
    expect(text.people).toEqual([
      { name: 'ops@acme.com', email: 'ops@acme.com', role: 'from' },
      { name: 'Asha Rao', email: 'asha@acme.com', role: 'to' },
      { name: 'Li Wei', email: 'li@globex.com', role: 'to' },
      { name: 'Mo', email: 'mo@acme.com', role: 'cc' },
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

  it('a multipart mail whose boundary never appears is read from its body, without the MIME framing', async () => {
    // As in the archive's spam-1-00467: the header's boundary has no space, the body's lines have one.
    const eml = [
      'From: deals@inkjet.example',
      'Subject: Printer Cartridges as low as $1.21 each!',
      'Content-Type: multipart/alternative; boundary="=Multipart Boundary 0925021429"',
      '',
      'This is a multipart MIME message.',
      '',
      '--= Multipart Boundary 0925021429',
      'Content-Type: text/plain;',
      '\tcharset="ISO-8859-1"',
      'Content-Transfer-Encoding: 8bit',
      '',
      '<html><body><p>Incredible deals on inkjet cartridges!</p><p>Prices start as low as $1.21</p></body></html>',
      '',
      '--= Multipart Boundary 0925021429--',
    ].join('\n');
    const text = await readEmail(utf8(eml), 'x', noAttachments);
    expect(text.blocks.map((block) => block.text)).toEqual([
      'Incredible deals on inkjet cartridges!',
      'Prices start as low as $1.21',
    ]);
  });

  it('an attachment becomes a file of its own, never a failure of the mail', async () => {
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
    const text = await readEmail(utf8(eml), 'x', noAttachments);
    // The picture is a document of its own (its bytes are no image: its own job will say so), not the mail's text.
    expect(text.parts).toBe(2);
    expect(text.contained?.map((file) => [file.name, file.role])).toEqual([['a.png', 'attachment']]);
    expect(text.blocks.map((b) => b.text)).toEqual(['Photo attached.']);
  });
});

describe('mail in any charset (issue 19 item 2)', () => {
  const raw = (...pieces: (string | number[])[]) =>
    Uint8Array.from(
      pieces.flatMap((piece) =>
        typeof piece === 'string' ? Array.from(piece, (c) => c.charCodeAt(0)) : piece,
      ),
    );

  it('a raw 8-bit Latin-1 subject and sender name read as the message declares (not as broken UTF-8)', async () => {
    const mail = raw(
      'From: Zo\u00eb M\u00fcller <zoe@example.org>\r\nSubject: Caf\u00e9 cr\u00e8me order\r\n',
      'Content-Type: text/plain; charset=iso-8859-1\r\n\r\nThe cr\u00e8me br\u00fbl\u00e9e is ready.\r\n',
    );
    const text = await readEmail(mail, 'fallback', noAttachments);
    expect(text.title).toBe('Café crème order');
    expect(text.people.map((person) => person.name)).toContain('Zoë Müller');
    expect(text.blocks[0]?.text).toBe('The crème brûlée is ready.');
  });

  it('a KOI8-R body and an RFC 2047 subject in windows-1251', async () => {
    const koi8 = [0xf0, 0xd2, 0xc9, 0xd7, 0xc5, 0xd4]; // "Привет" in KOI8-R
    const mail = raw(
      'From: a@example.org\r\nSubject: =?windows-1251?B?z/Do4uXy?=\r\n',
      'Content-Type: text/plain; charset=koi8-r\r\n\r\n',
      koi8,
      ' world\r\n',
    );
    const text = await readEmail(mail, 'fallback', noAttachments);
    expect(text.title).toBe('Привет');
    expect(text.blocks[0]?.text).toBe('Привет world');
  });

  it('UTF-8 headers are left as they are', async () => {
    const mail = new TextEncoder().encode('From: a@example.org\nSubject: Café ₹\n\nbody');
    expect((await readEmail(mail, 'fallback', noAttachments)).title).toBe('Café ₹');
  });
});
