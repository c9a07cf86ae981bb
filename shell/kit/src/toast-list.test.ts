import { describe, expect, it } from 'vitest';
import { addToast, removeToast, type Toast } from './toast-list';

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
