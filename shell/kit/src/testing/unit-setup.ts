// Every unit file's setup (vitest.config.ts). In a DOM file, testing-library's `findBy…` and `waitFor` give up
// after 5 s instead of 1 s: in CI the unit layer shares two cores with the browser and integration layers, and a
// page that renders after two stubbed fetches once took longer than a second there. A waiting query returns as
// soon as what it waits for is there, so this adds no time to a passing test.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5_000 });
}
export {};
