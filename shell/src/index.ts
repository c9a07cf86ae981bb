import { startupRequests } from './app/startup-requests';

// Before the boundary: the runtime config is fetched while the bootstrap chunks download.
startupRequests();
// The async boundary: Module Federation must negotiate the shared singletons (React, the kit…) before
// any module that imports them runs, so everything real lives behind this dynamic import (RUNTIME-006).
import('./bootstrap');
