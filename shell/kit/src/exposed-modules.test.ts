import { describe, expect, it, vi } from 'vitest';

describe('loading another remote’s exposed module', () => {
  it('fails with NoHostError until the shell provides a loader (a standalone page)', async () => {
    const { loadExposed, NoHostError } = await import('./exposed-modules');
    await expect(loadExposed('connectors', 'ConnectorCatalog')).rejects.toBeInstanceOf(NoHostError);
  });

  it('goes through the loader the shell provided', async () => {
    const { loadExposed, provideExposedModuleLoader } = await import('./exposed-modules');
    const loader = vi.fn(async (remote: string, expose: string) => ({ default: `${remote}/${expose}` }));
    provideExposedModuleLoader(loader);
    await expect(loadExposed('connectors', 'PlaybookCatalog')).resolves.toEqual({
      default: 'connectors/PlaybookCatalog',
    });
    expect(loader).toHaveBeenCalledWith('connectors', 'PlaybookCatalog');
  });
});
