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
import { type ApiClient, api, CSRF_HEADER, REFRESH_CSRF_COOKIE, readCookie } from './api-client';
import { checkSession, type SessionUser } from './session-check';

export type SessionStatus = 'loading' | 'user' | 'guest';

export interface SessionValue {
  status: SessionStatus;
  user: SessionUser | null;
  /** Setting a user gives status user (SPEC §4.1). */
  setUser: (user: SessionUser) => void;
  /** Clearing it gives guest. */
  clearUser: () => void;
  check: () => Promise<void>;
  /** Status is guest afterwards whatever the server answered (SPEC §4.1). */
  logout: () => Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

/** SPEC §4.1: checks started within this window of the previous one reuse the pending one. */
const CHECK_REUSE_MS = 1500;

const browserCookies = () => (typeof document === 'undefined' ? '' : document.cookie);

interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
}

export function SessionProvider({ children, client = api }: { children: ReactNode; client?: ApiClient }) {
  const [state, setState] = useState<SessionState>({ status: 'loading', user: null });
  const lastCheck = useRef<{ startedAt: number; promise: Promise<void> } | null>(null);

  const check = useCallback((): Promise<void> => {
    const now = Date.now();
    if (lastCheck.current && now - lastCheck.current.startedAt < CHECK_REUSE_MS)
      return lastCheck.current.promise;
    const promise = checkSession(client, browserCookies).then((result) => {
      setState((previous) => {
        if (result.kind === 'user') return { status: 'user', user: result.user };
        if (result.kind === 'guest') return { status: 'guest', user: null };
        // A network failure keeps what we knew; only a first check must not stay "loading" forever.
        return previous.status === 'loading' ? { status: 'guest', user: null } : previous;
      });
    });
    lastCheck.current = { startedAt: now, promise };
    return promise;
  }, [client]);

  useEffect(() => {
    void check();
  }, [check]);

  // SPEC §4.1: re-check whenever the window regains focus while signed in.
  useEffect(() => {
    if (state.status !== 'user') return;
    const onFocus = () => void check();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [state.status, check]);

  const logout = useCallback(async () => {
    const token = readCookie(browserCookies(), REFRESH_CSRF_COOKIE);
    try {
      await client.post('/api/v1/auth/logout', undefined, token ? { headers: { [CSRF_HEADER]: token } } : {});
    } catch {
      // SPEC §8: logout failures are ignored; the local user is cleared regardless.
    }
    setState({ status: 'guest', user: null });
  }, [client]);

  const value = useMemo<SessionValue>(
    () => ({
      ...state,
      setUser: (user) => setState({ status: 'user', user }),
      clearUser: () => setState({ status: 'guest', user: null }),
      check,
      logout,
    }),
    [state, check, logout],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
