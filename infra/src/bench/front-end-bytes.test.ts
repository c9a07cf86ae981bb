import { describe, expect, it } from 'vitest';
import { frontEndOf } from './front-end-bytes';

describe('which front-end a fetched script belongs to', () => {
  it('a file under /remotes/<name>/ is that remote’s', () => {
    expect(
      frontEndOf('http://localhost:8080/remotes/marketing/0a1b2c3d4e5f/__federation_expose_LandingPage.js'),
    ).toBe('marketing');
  });
  it('anything else is the shell’s, shared chunks included', () => {
    expect(frontEndOf('http://localhost:8080/assets/main.3f2a.js')).toBe('shell');
    expect(frontEndOf('http://localhost:8080/remotes.js')).toBe('shell');
  });
});
