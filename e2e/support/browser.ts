import { launchBrowser } from '@trove/infra/chromium';
import { testTime } from '@trove/service-core/testing/time';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { BrowserCookie } from './accounts';
import { baseUrl } from './context';

export { launchBrowser };

export type WatchedPage = { page: Page; context: BrowserContext; consoleErrors: string[] };

/** The window every test gets unless it asks for another (a phone, a short window). */
export const DESKTOP = { width: 1280, height: 800 };

/**
 * A fresh context's settings: Playwright's own for what the browser emulates (viewport, colour scheme,
 * reduced motion, locale, time zone, storage state, user agent, JavaScript off), and ours for the app.
 */
export interface PageOptions
  extends Pick<
    BrowserContextOptions,
    | 'viewport'
    | 'colorScheme'
    | 'reducedMotion'
    | 'locale'
    | 'timezoneId'
    | 'storageState'
    | 'userAgent'
    | 'javaScriptEnabled'
  > {
  /** Where `page.goto('/…')` goes: the shared e2e stack unless a spec runs its own. */
  baseURL?: string;
  /** The app's theme choice (localStorage `theme`), pinned before every load; else the system's. */
  theme?: 'light' | 'dark';
  /** Session cookies (`signUpVerifiedUser(…).cookies`): the context starts signed in. */
  cookies?: readonly BrowserCookie[];
}

type UsePage<T> = (watched: WatchedPage) => Promise<T>;

/**
 * A fresh context (no shared cookies or storage) and its page, whose console errors are collected for
 * asserting. The caller closes the context: a test uses `withPage`, which does; only a page shared by a
 * whole describe block is opened here and closed in its `afterAll`.
 */
export async function openPage(browser: Browser, options: PageOptions = {}): Promise<WatchedPage> {
  const { baseURL = baseUrl(), viewport = DESKTOP, theme, cookies, ...emulated } = options;
  const context = await browser.newContext({ ...emulated, baseURL, viewport });
  // Playwright's own 30 s for an action or a wait, scaled like every wait of the tests (TEST_TIME_SCALE).
  context.setDefaultTimeout(testTime(30_000));
  try {
    if (theme) await context.addInitScript((value) => localStorage.setItem('theme', value), theme);
    if (cookies) await context.addCookies([...cookies]);
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
      // A remote's failure is logged by the shell as a warning with React's component stack (where in the
      // tree it threw): printed with the test's output, for a failure seen only in CI (docs/decisions/235).
      else if (message.type() === 'warning' && message.text().startsWith('[trove] remote'))
        console.log(`[browser warning] ${message.text()}`);
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    return { page, context, consoleErrors };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/**
 * Runs `use` with a fresh page (see `openPage`) and closes its context afterwards, whether `use` passed or
 * threw. When it threw, that error is the one reported, not a failure to close after it.
 */
export function withPage<T>(browser: Browser, use: UsePage<T>): Promise<T>;
export function withPage<T>(browser: Browser, options: PageOptions, use: UsePage<T>): Promise<T>;
export async function withPage<T>(
  browser: Browser,
  ...args: [UsePage<T>] | [PageOptions, UsePage<T>]
): Promise<T> {
  const [options, use] = args.length === 1 ? [{}, args[0]] : args;
  const watched = await openPage(browser, options);
  let result: T;
  try {
    result = await use(watched);
  } catch (error) {
    await watched.context.close().catch(() => undefined);
    throw error;
  }
  await watched.context.close();
  return result;
}
