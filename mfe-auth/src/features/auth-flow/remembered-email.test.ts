import { describe, expect, it } from 'vitest';
import { readRememberedEmail, saveRememberChoice } from './remembered-email';

function memoryStore() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe('remembered email (docs/product/accounts.md#remembered-email)', () => {
  it('"Remember me" stores the flag "1" and the email, which the next visit starts with', () => {
    const store = memoryStore();
    saveRememberChoice(true, 'ada@example.com', store);
    expect(Object.fromEntries(store.values)).toEqual({
      rememberEmail: '1',
      rememberedEmail: 'ada@example.com',
    });
    expect(readRememberedEmail(store)).toBe('ada@example.com');
  });

  it('without the flag, a stored email is not used', () => {
    const store = memoryStore();
    store.setItem('rememberedEmail', 'ada@example.com');
    expect(readRememberedEmail(store)).toBeNull();
  });

  it('a stored value that is not a valid email is not used; a valid one is normalised', () => {
    const store = memoryStore();
    saveRememberChoice(true, 'not an email', store);
    expect(readRememberedEmail(store)).toBeNull();
    saveRememberChoice(true, ' Ada@Example.COM ', store);
    expect(readRememberedEmail(store)).toBe('ada@example.com');
  });

  it('turning it off forgets both', () => {
    const store = memoryStore();
    saveRememberChoice(true, 'ada@example.com', store);
    saveRememberChoice(false, 'ada@example.com', store);
    expect(store.values.size).toBe(0);
    expect(readRememberedEmail(store)).toBeNull();
  });

  it('a blocked storage remembers nothing and throws nothing', () => {
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => undefined,
    };
    expect(readRememberedEmail(blocked)).toBeNull();
    expect(() => saveRememberChoice(true, 'a@b.co', blocked)).not.toThrow();
    expect(readRememberedEmail(null)).toBeNull();
  });
});
