import { z } from 'zod';

/**
 * For the browser bundles: zod compiles object parsers with `new Function` when it may, and finds out by
 * trying once — under the site's CSP (`script-src 'self'`, no eval) that try is refused and reported as
 * a violation on every page that validates (Lighthouse's best practices: "Issues logged"). Its
 * interpreted parsers are as correct, and a page's forms and answers never need the compiled ones. The
 * services keep the compiled parsers: they do not call this.
 */
export function parseWithoutEval(): void {
  z.config({ jitless: true });
}
