import { checkEmail } from './email';

/**
 * docs/product/accounts.md#remembered-email local storage: a remember-email flag ("1" when on) and the remembered email value. Key names
 * are ours (docs/decisions/006-auth-flow.md).
 */
export const REMEMBER_FLAG_KEY = 'rememberEmail';
export const REMEMBERED_EMAIL_KEY = 'rememberedEmail';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStorage(): KeyValueStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage can throw when the browser blocks it (privacy settings): then nothing is remembered.
    return null;
  }
}

/** The remembered email when the flag is on and a value is stored; else null. */
export function readRememberedEmail(store: KeyValueStore | null = browserStorage()): string | null {
  try {
    if (store?.getItem(REMEMBER_FLAG_KEY) !== '1') return null;
    // Storage is editable by anyone at the keyboard: only a valid address starts the flow at login.
    const checked = checkEmail(store.getItem(REMEMBERED_EMAIL_KEY) ?? '');
    return checked.ok ? checked.email : null;
  } catch {
    return null;
  }
}

/** "Remember me" on stores the flag and the email; off forgets both. */
export function saveRememberChoice(
  remember: boolean,
  email: string,
  store: KeyValueStore | null = browserStorage(),
): void {
  try {
    if (remember) {
      store?.setItem(REMEMBER_FLAG_KEY, '1');
      store?.setItem(REMEMBERED_EMAIL_KEY, email);
    } else {
      store?.removeItem(REMEMBER_FLAG_KEY);
      store?.removeItem(REMEMBERED_EMAIL_KEY);
    }
  } catch {
    // A full or blocked storage only means the next visit starts at identify.
  }
}
