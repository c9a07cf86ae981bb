import { describe, expect, it } from 'vitest';
import { parseMultistatus, pathInShare, shareBase } from './webdav-client';

// The share's paths (issue 43, "Bad input": a path with ".." never leads a read outside the share) and the
// multistatus answer as Nextcloud, Apache and nginx write it (any namespace prefix, a 404 propstat ignored).

const base = shareBase('https://cloud.example.com/remote.php/dav/files/ada');

describe('pathInShare', () => {
  it('answers the path within the share, decoded', () => {
    expect(pathInShare(base, '/remote.php/dav/files/ada/')).toBe('');
    expect(pathInShare(base, '/remote.php/dav/files/ada/Docs/Caf%C3%A9%20menu.pdf')).toBe(
      'Docs/Café menu.pdf',
    );
    expect(pathInShare(base, 'https://cloud.example.com/remote.php/dav/files/ada/Docs/')).toBe('Docs');
  });

  it('drops an href outside the share, on another origin, or with "." or ".." in it', () => {
    expect(pathInShare(base, '/remote.php/dav/files/bob/secret.txt')).toBeUndefined();
    expect(pathInShare(base, 'https://evil.example.com/remote.php/dav/files/ada/x')).toBeUndefined();
    expect(pathInShare(base, '/remote.php/dav/files/ada/Docs/%2E%2E/%2E%2E/bob/x')).toBeUndefined();
    expect(pathInShare(base, '/remote.php/dav/files/ada/a%5Cb')).toBeUndefined();
    expect(pathInShare(base, '/remote.php/dav/files/ada/bad%E0%A4%A')).toBeUndefined();
  });
});

describe('parseMultistatus', () => {
  it('reads each response with its properties whatever the prefix, leaving out a failed propstat', () => {
    const xml = `<?xml version="1.0"?>
      <d:multistatus xmlns:d="DAV:"><d:response><d:href>/dav/Docs/</d:href><d:propstat><d:prop>
      <d:resourcetype><d:collection/></d:resourcetype><d:getetag>"abc"</d:getetag></d:prop>
      <d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>
      <D:response xmlns:D="DAV:"><D:href>/dav/a.txt</D:href><D:propstat><D:prop><D:getcontentlength>12</D:getcontentlength>
      <D:getlastmodified>Sun, 01 Nov 2026 10:00:00 GMT</D:getlastmodified></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat>
      <D:propstat><D:prop><D:getetag>"lost"</D:getetag></D:prop><D:status>HTTP/1.1 404 Not Found</D:status></D:propstat></D:response>
      </d:multistatus>`;
    expect(parseMultistatus(xml)).toEqual([
      { href: '/dav/Docs/', folder: true, props: { getetag: '"abc"' } },
      {
        href: '/dav/a.txt',
        folder: false,
        props: { getcontentlength: '12', getlastmodified: 'Sun, 01 Nov 2026 10:00:00 GMT' },
      },
    ]);
  });
});
