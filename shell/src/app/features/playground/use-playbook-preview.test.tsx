// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadExposedModule, resetRemote } from '../../remotes/remote-registry';
import { usePlaybookPreview } from './use-playbook-preview';

vi.mock('../../remotes/remote-registry', () => ({ loadExposedModule: vi.fn(), resetRemote: vi.fn() }));

const loadModule = vi.mocked(loadExposedModule);
const reset = vi.mocked(resetRemote);

const PLAYBOOKS = {
  playbooks: [
    {
      id: 'invoice-digest',
      name: 'Invoice digest',
      bullets: ['Totals'],
      steps: ['Read'],
      connectors: ['gmail'],
    },
  ],
  connectors: [{ id: 'gmail', name: 'Gmail' }],
};

const settle = () => act(async () => {});

beforeEach(() => {
  loadModule.mockReset();
  reset.mockReset();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('usePlaybookPreview (/playground?tpl=)', () => {
  it('no template asks for nothing', () => {
    const { result } = renderHook(() => usePlaybookPreview(null));
    expect(result.current.state).toEqual({ kind: 'no-template' });
    expect(loadModule).not.toHaveBeenCalled();
  });

  it('finds the named playbook with its connectors’ names, or says it is unknown', async () => {
    loadModule.mockResolvedValue(PLAYBOOKS);
    const { result, rerender } = renderHook(({ tpl }) => usePlaybookPreview(tpl), {
      initialProps: { tpl: 'invoice-digest' },
    });
    expect(result.current.state).toEqual({ kind: 'loading' });
    await settle();
    expect(result.current.state).toMatchObject({ kind: 'found', playbook: { name: 'Invoice digest' } });
    const found = result.current.state;
    expect(found.kind === 'found' && found.connectorNames.get('gmail')).toBe('Gmail');

    rerender({ tpl: 'gone' });
    await settle();
    expect(result.current.state).toEqual({ kind: 'unknown', tpl: 'gone' });
  });

  it('a failed load offers Retry, which drops the cached failure and loads again', async () => {
    loadModule.mockRejectedValueOnce(new Error('remote down'));
    const { result } = renderHook(() => usePlaybookPreview('invoice-digest'));
    await settle();
    expect(result.current.state).toEqual({ kind: 'failed' });
    expect(reset).not.toHaveBeenCalled();

    loadModule.mockResolvedValue(PLAYBOOKS);
    act(() => result.current.retry());
    expect(result.current.state).toEqual({ kind: 'loading' });
    await settle();
    expect(reset).toHaveBeenCalledWith('connectors');
    expect(result.current.state.kind).toBe('found');
  });

  it('data not in the expected shape is a failure', async () => {
    loadModule.mockResolvedValue({ nothing: true });
    const { result } = renderHook(() => usePlaybookPreview('invoice-digest'));
    await settle();
    expect(result.current.state).toEqual({ kind: 'failed' });
  });
});
