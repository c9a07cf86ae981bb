// Behind the async boundary (index.ts): shared modules are negotiated, so React and the kit may load.
//
// Requested together, evaluated apart. React DOM, the router and the kit are large; as static imports of
// one module they were all evaluated in the task the last of their files arrived in — ~60-100 ms on the
// bench machine, which Lighthouse's 4x CPU slowdown turns into ~300 ms of blocking time (issue 8's TBT
// budget; on `/` the prerendered page is on screen by then, so all of it counts). As separate imports,
// each runs its modules when its own files have arrived, in a task of its own; the app's modules come
// last, with a task boundary before them, and find the others evaluated already.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function boot(): Promise<void> {
  const stages = [import('react-dom/client'), import('react-router'), import('@trove/kit')];
  for (const stage of stages) {
    await stage;
    await nextTask();
  }
  const { start } = await import('./start');
  await start();
}

void boot();

// A module, not a script: index.ts imports it.
export {};
