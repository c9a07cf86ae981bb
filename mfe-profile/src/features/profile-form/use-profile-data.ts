import { ApiError, api, userMessage } from '@trove/kit';
import {
  API_PATHS,
  type ChangePassword,
  type ProfileFormInput,
  type ProfileMeResponse,
  ProfileMeResponseSchema,
} from '@trove/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';

export type ProfileLoad =
  | { phase: 'loading' }
  | { phase: 'failed'; message: string }
  | { phase: 'ready'; data: ProfileMeResponse };

const LOAD_FAILED = 'Failed to load profile';

/** An answer that is not the shape SPEC §7 promises is a failure like any other. */
function parseAnswer(answer: unknown): ProfileMeResponse {
  const parsed = ProfileMeResponseSchema.safeParse(answer);
  if (!parsed.success) throw new ApiError('Unexpected answer', 502, null);
  return parsed.data;
}

/**
 * The profile's calls (SPEC §7) through the kit's client (cookies, CSRF header): GET /profile/me on mount
 * and on retry, PUT /profile and PUT /profile/password on demand. Components get data and callbacks.
 */
export function useProfileData() {
  const [load, setLoad] = useState<ProfileLoad>({ phase: 'loading' });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const reload = useCallback(async () => {
    setLoad({ phase: 'loading' });
    try {
      const data = parseAnswer(await api.get(`${API_PATHS.profile}/me`, { cache: 'no-store' }));
      if (mounted.current) setLoad({ phase: 'ready', data });
    } catch (error) {
      // SPEC §8: the error's message, else "Failed to load profile".
      if (mounted.current) setLoad({ phase: 'failed', message: userMessage(error, LOAD_FAILED) });
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  /** PUT /profile; the answer replaces what the page shows (SPEC §7). Errors are the caller's to show. */
  const save = useCallback(async (payload: ProfileFormInput) => {
    const data = parseAnswer(await api.put(API_PATHS.profile, payload));
    if (mounted.current) setLoad({ phase: 'ready', data });
    return data;
  }, []);

  const changePassword = useCallback(async (payload: ChangePassword) => {
    await api.put(`${API_PATHS.profile}/password`, payload);
  }, []);

  return { load, reload, save, changePassword };
}
