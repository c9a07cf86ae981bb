/**
 * Loading a module another remote exposes (`trove_connectors/ConnectorCatalog`), through the host that
 * registered the remotes from /config/remotes.json. The shell provides the loader at start; the kit is a
 * Module Federation singleton, so every remote reaches that same loader and never the federation
 * runtime's globals. A remote's standalone development page has no host, hence no loader.
 */
export type ExposedModuleLoader = (remote: string, expose: string) => Promise<unknown>;

let loader: ExposedModuleLoader | null = null;

/** Thrown when nothing provided a loader: the page is not running inside the shell. */
export class NoHostError extends Error {
  constructor() {
    // For developers (a standalone page); no name here, the kit has no config outside a provider.
    super('This page is not running inside the shell.');
    this.name = 'NoHostError';
  }
}

/** Called once by the shell, before it renders anything that may load a remote. */
export function provideExposedModuleLoader(next: ExposedModuleLoader): void {
  loader = next;
}

/**
 * The module `expose` of `remote` (names as in docs/decisions/001, without the `trove_` prefix). Its
 * shape is unknown here: the caller checks what it reads.
 */
export function loadExposed(remote: string, expose: string): Promise<unknown> {
  return loader ? loader(remote, expose) : Promise.reject(new NoHostError());
}
