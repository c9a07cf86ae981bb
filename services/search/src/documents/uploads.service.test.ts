import { describe, expect, it } from 'vitest';
import { formatBytes, UPLOAD_MESSAGES } from './uploads.service';

describe('the storage quota as a person reads it', () => {
  it('names whole units plainly and keeps one decimal under ten', () => {
    expect(formatBytes(1024 * 1024 * 1024)).toBe('1 GB');
    expect(formatBytes(1.5 * 1024 * 1024 * 1024)).toBe('1.5 GB');
    expect(formatBytes(250 * 1024 * 1024)).toBe('250 MB');
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1023)).toBe('1023 bytes');
  });

  it('says how much is used and what to do', () => {
    expect(UPLOAD_MESSAGES.overQuota(1024 ** 3, 900 * 1024 ** 2)).toBe(
      'These files would take your uploads past your 1 GB of storage (900 MB used). Delete some uploads, then try again.',
    );
  });
});
