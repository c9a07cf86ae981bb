import { describe, expect, it } from 'vitest';
import { addToast, carryToasts, removeToast, type Toast, takeCarriedToasts } from './toast-list';

const toast = (id: number): Toast => ({ id, type: 'info', message: `t${id}`, autoCloseMs: 4000 });

describe('flash list', () => {
  it('keeps the newest first and at most three', () => {
    const list = [1, 2, 3, 4].reduce<Toast[]>((acc, id) => addToast(acc, toast(id)), []);
    expect(list.map((t) => t.id)).toEqual([4, 3, 2]);
  });

  it('removes one by id', () => {
    expect(removeToast([toast(1), toast(2)], 1).map((t) => t.id)).toEqual([2]);
  });
});

/** A tab's session storage, as far as the carried flashes use it. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('flashes carried across a page load (docs/decisions/222)', () => {
  it('the next page shows them once, with ids of its own', () => {
    const storage = memoryStorage();
    carryToasts([{ id: 7, type: 'success', message: 'Welcome back!', autoCloseMs: 4000 }], storage);
    expect(takeCarriedToasts(1, storage)).toEqual([
      { id: 1, type: 'success', message: 'Welcome back!', autoCloseMs: 4000 },
    ]);
    expect(takeCarriedToasts(1, storage)).toEqual([]);
  });

  it('ignores what is not a flash, and starts empty with no storage', () => {
    const storage = memoryStorage();
    storage.setItem('trove:carried-toasts', '[{"type":"loud","message":"x"},{"type":"info"},"x",{');
    expect(takeCarriedToasts(1, storage)).toEqual([]);
    storage.setItem('trove:carried-toasts', '[{"type":"info","message":"kept","autoCloseMs":null}]');
    expect(takeCarriedToasts(3, storage)).toEqual([
      { id: 3, type: 'info', message: 'kept', autoCloseMs: null },
    ]);
    expect(takeCarriedToasts(1, undefined)).toEqual([]);
  });
});
