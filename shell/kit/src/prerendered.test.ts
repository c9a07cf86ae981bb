// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { ISLAND_ATTRIBUTE, prerenderedSection, releasePrerenderedStyles } from './prerendered';

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('the drawn markup of a prerendered page (docs/decisions/055)', () => {
  it('hands a section’s drawn nodes over while the copy is on the page, and nothing once it is gone', () => {
    document.body.innerHTML =
      '<div data-prerendered><div id="pricing" data-section="pricing"><h2>Pricing</h2><p>₹999</p></div></div>';
    expect(prerenderedSection('pricing')?.map((node) => node.textContent)).toEqual(['Pricing', '₹999']);
    expect(prerenderedSection('customers')).toBeNull();
    document.body.innerHTML = '<div id="root"></div>';
    expect(prerenderedSection('pricing')).toBeNull();
  });

  it('keeps the drawn stylesheet while a copy or an island is left, and drops it with the last', () => {
    document.head.innerHTML = '<style data-prerendered>p{}</style>';
    document.body.innerHTML = `<div data-prerendered></div><div id="root"><div ${ISLAND_ATTRIBUTE}></div></div>`;
    releasePrerenderedStyles();
    expect(document.querySelector('style')).not.toBeNull();
    document.querySelector('div[data-prerendered]')?.remove();
    releasePrerenderedStyles();
    expect(document.querySelector('style')).not.toBeNull();
    document.querySelector(`[${ISLAND_ATTRIBUTE}]`)?.remove();
    releasePrerenderedStyles();
    expect(document.querySelector('style')).toBeNull();
  });
});
