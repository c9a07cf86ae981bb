// Every unit file's setup (vitest.config.ts). In a DOM file, testing-library's `findBy…` and `waitFor` give up
// after 5 s instead of 1 s: in CI the unit layer shares two cores with the browser and integration layers, and a
// page that renders after two stubbed fetches once took longer than a second there. A waiting query returns as
// soon as what it waits for is there, so this adds no time to a passing test.
//
// The unit files share one module graph and, in a worker, one DOM (isolate: false, docs/decisions/064). What a
// file leaves in the page — a tree rendered without cleanup, markup written straight into document.body
// (handoff.test.tsx draws a "Go" button that way) — would be there for the next file: button.test.tsx then
// found two "Go" buttons, about one run in five. So each file ends by unmounting and emptying the body.
if (typeof document !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  const { afterAll } = await import('vitest');
  const { testTime } = await import('./time');
  configure({ asyncUtilTimeout: testTime(5_000) });
  afterAll(() => {
    cleanup();
    document.body.innerHTML = '';
  });
}
export {};
