import { startupRequests } from './app/startup-requests';

// Before the boundary: the runtime config is fetched while the bootstrap chunks download.
startupRequests();
// The async boundary: Module Federation must negotiate the shared singletons (React, the kit…) before
// any module that imports them runs, so everything real lives behind these dynamic imports (RUNTIME-006).
//
// The drawn landing page asks for its islands first (boot-after-paint.js sets data-trove-boot="islands",
// docs/decisions/190): React DOM and the parts that move, without the router or the kit. The whole app
// follows on the first input or when a section that moves comes near (the event below).
const html = document.documentElement;
if (html.dataset.troveBoot === 'islands') {
  void import('./islands');
  document.addEventListener('trove:boot-app', () => void import('./bootstrap'), { once: true });
} else {
  void import('./bootstrap');
}
