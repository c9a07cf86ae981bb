import { describe, expect, it } from 'vitest';
import { prerenderedDocument } from './prerender';

const index = `<!doctype html><html lang="en"><head><title>Trove</title><script src="/assets/js/theme-init.1.js"></script><script defer src="/assets/js/main.2.js"></script></head><body><div id="root"></div>
    <noscript>Trove needs JavaScript to run.</noscript></body></html>`;

describe('the prerendered landing document (docs/decisions/008)', () => {
  const page = prerenderedDocument(
    index,
    ':root{--x:1}',
    '<header>Trove</header><h1>Find anything.</h1>',
    '/assets/js/boot-after-paint.3.js',
  );

  it('is the shell page with the markup beside a hidden root, for the shell to take over', () => {
    expect(page).toContain(
      '<div id="root" hidden></div><div data-prerendered><header>Trove</header><h1>Find anything.</h1></div>',
    );
  });

  it('loads a page’s own plain script after the boot script (DRAWN_SCRIPTS, 245)', () => {
    const landing = prerenderedDocument(index, '', '<h1>x</h1>', '/b.js', 'visible', '/assets/js/own.4.js');
    expect(landing).toContain(
      '<script defer src="/b.js" data-main="/assets/js/main.2.js" data-boot="visible"></script><script defer src="/assets/js/own.4.js"></script>',
    );
  });

  it('sets the theme before the paint, and starts the app’s entry only after it, preloaded meanwhile', () => {
    expect(page).toContain(
      '<script src="/assets/js/theme-init.1.js"></script>' +
        '<link rel="preload" as="script" fetchpriority="low" href="/assets/js/main.2.js">' +
        '<script defer src="/assets/js/boot-after-paint.3.js" data-main="/assets/js/main.2.js"></script>',
    );
    expect(page).not.toContain('<script defer src="/assets/js/main.2.js">');
  });

  it('on the first interaction or idle: no preload, the boot script told to wait (docs/decisions/055)', () => {
    const waiting = prerenderedDocument(
      index,
      '',
      '<h1>x</h1>',
      '/assets/js/boot-after-paint.3.js',
      'interaction',
    );
    expect(waiting).toContain(
      '<script defer src="/assets/js/boot-after-paint.3.js" data-main="/assets/js/main.2.js" data-boot="interaction"></script>',
    );
    expect(waiting).not.toContain('rel="preload"');
  });

  it('carries its stylesheet inline in the head, and no inline script (the CSP allows neither)', () => {
    expect(page).toContain('<style data-prerendered>:root{--x:1}</style></head>');
    expect(page).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('does not claim to need JavaScript', () => {
    expect(page).not.toContain('<noscript>');
  });

  it('refuses a page it cannot place the markup in, or a stylesheet that would end its element', () => {
    expect(() => prerenderedDocument('<html><body></body></html>', '', 'x', '/b.js')).toThrow(/root/);
    expect(() => prerenderedDocument(index, 'a{}</style><script>', 'x', '/b.js')).toThrow(/style/);
    const withoutEntry = index.replace(/<script defer[^>]*><\/script>/, '');
    expect(() => prerenderedDocument(withoutEntry, '', 'x', '/b.js')).toThrow(/main script/);
  });
});
