import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type AcceptedSessionUser, API_PATHS, CSRF_HEADER, CSRF_REFRESH_COOKIE } from '@trove/contracts';
import { type ApiClient, api, readCookie } from './api-client';
import { checkSession, reuseRecentCheck, SESSION_CHECK_REUSE_MS } from './session-check';

export type SessionStatus = 'loading' | 'user' | 'guest';

export interface SessionValue {
  status: SessionStatus;
  user: AcceptedSessionUser | null;
  /** Setting a user gives status user (docs/product/shell.md#session). */
  setUser: (user: AcceptedSessionUser) => void;
  /** Clearing it gives guest. */
  clearUser: () => void;
  /** Asks the server; a check started within 1500 ms of the previous one reuses it (docs/product/shell.md#session). */
  check: () => Promise<void>;
  /** Status is guest afterwards whatever the server answered (docs/product/shell.md#session). */
  logout: () => Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

const browserCookies = () => (typeof document === 'undefined' ? '' : document.cookie);

interface SessionState {
  status: SessionStatus;
  user: AcceptedSessionUser | null;
}

const GUEST: SessionState = { status: 'guest', user: null };

export function SessionProvider({
  children,
  client = api,
  readCookies = browserCookies,
}: {
  children: ReactNode;
  client?: ApiClient;
  /** The page's cookies; tests pass their own. */
  readCookies?: () => string;
}) {
  const [state, setState] = useState<SessionState>({ status: 'loading', user: null });
  // Bumped by every local change (setUser, clearUser, logout), so a check that was already in flight
  // cannot undo it when its answer arrives later — logging out must end as guest (docs/product/shell.md#session).
  const generation = useRef(0);

  const check = useMemo(
    () =>
      reuseRecentCheck(async () => {
        const startedIn = generation.current;
        const result = await checkSession(client, readCookies);
        if (startedIn !== generation.current) return;
        setState((previous) => {
          if (result.kind === 'user') return { status: 'user', user: result.user };
          if (result.kind === 'guest') return GUEST;
          // docs/product/shell.md#session-errors: a network failure is swallowed: keep what we knew, but never stay "loading".
          return previous.status === 'loading' ? GUEST : previous;
        });
      }, SESSION_CHECK_REUSE_MS),
    [client, readCookies],
  );

  useEffect(() => {
    void check();
  }, [check]);

  // docs/product/shell.md#session: re-check whenever the window regains focus while signed in.
  useEffect(() => {
    if (state.status !== 'user') return;
    const onFocus = () => void check();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [state.status, check]);

  const logout = useCallback(async () => {
    generation.current++;
    const token = readCookie(readCookies(), CSRF_REFRESH_COOKIE);
    try {
      // docs/product/api.md#csrf: logout sends the refresh token's CSRF value, like refresh does.
      await client.post(
        `${API_PATHS.auth}/logout`,
        undefined,
        token ? { headers: { [CSRF_HEADER]: token } } : {},
      );
    } catch {
      // docs/product/shell.md#session-errors: logout failures are ignored; the local user is cleared regardless.
    }
    generation.current++;
    setState(GUEST);
  }, [client, readCookies]);

  const setUser = useCallback((user: AcceptedSessionUser) => {
    generation.current++;
    setState({ status: 'user', user });
  }, []);

  const clearUser = useCallback(() => {
    generation.current++;
    setState(GUEST);
  }, []);

  const value = useMemo<SessionValue>(
    () => ({ ...state, setUser, clearUser, check, logout }),
    [state, setUser, clearUser, check, logout],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
