import { ApiError, api, userMessage } from '@trove/kit';
import {
  API_PATHS,
  type ChangePassword,
  type ProfileFormInput,
  type ProfileMeResponse,
  ProfileMeResponseSchema,
} from '@trove/contracts';
import { useServerState } from '@trove/kit/server-state';
import { useCallback } from 'react';

const LOAD_FAILED = 'Failed to load profile';

/** An answer that is not the shape docs/product/api.md#profile-calls promises is a failure like any other. */
function parseAnswer(answer: unknown): ProfileMeResponse {
  const parsed = ProfileMeResponseSchema.safeParse(answer);
  if (!parsed.success) throw new ApiError('Unexpected answer', 502, null);
  return parsed.data;
}

const readProfile = async (signal: AbortSignal) =>
  parseAnswer(await api.get(`${API_PATHS.profile}/me`, { cache: 'no-store', signal }));

/**
 * The profile's calls (docs/product/api.md#profile-calls) through the kit's client (cookies, CSRF header): GET /profile/me on mount
 * and on retry, PUT /profile and PUT /profile/password on demand. Components get data and callbacks.
 */
export function useProfileData() {
  const profile = useServerState(readProfile, []);
  const { setData } = profile;

  /** PUT /profile; the answer replaces what the page shows (docs/product/api.md#profile-calls). Errors are the caller's to show. */
  const save = useCallback(
    async (payload: ProfileFormInput) => {
      const data = parseAnswer(await api.put(API_PATHS.profile, payload));
      setData(data);
      return data;
    },
    [setData],
  );

  const changePassword = useCallback(async (payload: ChangePassword) => {
    await api.put(`${API_PATHS.profile}/password`, payload);
  }, []);

  return {
    /** The profile as last read or saved; null until the first answer. */
    data: profile.data ?? null,
    // docs/product/profile.md#errors: the error's message, else "Failed to load profile"; while "Try again" runs, the page loads.
    loadError:
      profile.status === 'error' && !profile.fetching ? userMessage(profile.error, LOAD_FAILED) : null,
    reload: profile.refetch,
    save,
    changePassword,
  };
}
