// What the shell's federation runtime would hand a page that mounts another remote's module (the
// landing page's catalog tabs, /integrations): here the modules themselves, bundled into the page's file.
import { provideExposedModuleLoader } from '@trove/kit';
import * as connectorCatalog from '../../../mfe-connectors/src/expose/connector-catalog';
import * as playbookCatalog from '../../../mfe-connectors/src/expose/playbook-catalog';
import * as playbooks from '../../../mfe-connectors/src/expose/playbooks';

const exposed: Record<string, unknown> = {
  'connectors/ConnectorCatalog': connectorCatalog,
  'connectors/PlaybookCatalog': playbookCatalog,
  'connectors/playbooks': playbooks,
};

provideExposedModuleLoader(async (remote, expose) => {
  const module = exposed[`${remote}/${expose}`];
  if (!module) throw new Error(`the prerender has no ${remote}/${expose}`);
  return module;
});
