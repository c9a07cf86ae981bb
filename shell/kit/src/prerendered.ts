import { useSyncExternalStore } from 'react';

/**
 * The markup a public page is served with (docs/decisions/008, 055): drawn at build time in
 * `<div data-prerendered>`, styled by `<style data-prerendered>`, and replaced by the app's own DOM once
 * the app has rendered. A landing section whose code has not arrived yet keeps its drawn markup in the
 * live page as an island (`data-prerendered-island`) until it does; the drawn stylesheet stays while any
 * of that markup is on the page.
 */
const COPY = 'div[data-prerendered]';
const STYLE = 'style[data-prerendered]';
export const ISLAND_ATTRIBUTE = 'data-prerendered-island';

/** Removes the drawn stylesheet once no drawn markup is left. Safe to call again. */
export function releasePrerenderedStyles(doc: Document = document): void {
  if (doc.querySelector(`${COPY}, [${ISLAND_ATTRIBUTE}]`)) return;
  for (const style of doc.querySelectorAll(STYLE)) style.remove();
}

/**
 * The drawn content of the section marked `data-section="<id>"`, while the page still shows the drawn
 * copy: the nodes themselves, for the live page to adopt. Null on a page that was not prerendered.
 */
export function prerenderedSection(id: string, doc: Document | undefined = globalThis.document) {
  const section = doc?.querySelector(`${COPY} [data-section="${CSS.escape(id)}"]`);
  return section ? Array.from(section.childNodes) : null;
}

const never = () => () => {};

/**
 * True while React renders on a server (the build's prerender), false in the browser: the server
 * snapshot is only read there. Lets a part draw its whole content at build time and load it lazily in
 * the browser.
 */
export function useServerRender(): boolean {
  return useSyncExternalStore(
    never,
    () => false,
    () => true,
  );
}
