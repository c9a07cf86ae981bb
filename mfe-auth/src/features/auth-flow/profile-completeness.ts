import {
  API_PATHS,
  ProfileMeResponseSchema,
  ProfileStatusResponseSchema,
  type AcceptedSessionUser,
} from '@trove/contracts';
import type { ApiClient } from '@trove/kit';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function filled(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * docs/product/api.md#profile-calls: /profile/me answers {user, profile}; /profile/status a profile, or an object containing one.
 * A profile is an object with at least one of the fields docs/product/profile.md#fields names for it.
 */
export function profileFrom(answer: unknown): Record<string, unknown> | null {
  if (!isRecord(answer)) return null;
  const candidate = isRecord(answer.profile) ? answer.profile : answer;
  const looksLikeProfile = ['complete', 'first_name', 'firstName', 'last_name', 'lastName', 'dob'].some(
    (key) => key in candidate,
  );
  return looksLikeProfile ? candidate : null;
}

/**
 * Complete when the server says so (`complete`), else when first name, last name and date of birth
 * are all there — the three fields the profile step asks for (docs/product/accounts.md#steps).
 */
export function isProfileComplete(profile: Record<string, unknown>): boolean {
  if (typeof profile.complete === 'boolean') return profile.complete;
  return (
    filled(profile.first_name ?? profile.firstName) &&
    filled(profile.last_name ?? profile.lastName) &&
    filled(profile.dob)
  );
}

/**
 * Whether a profile answer says the profile is complete: by the contracts' /profile/me or /profile/status
 * answer, else — from a server that answers otherwise (docs/product/api.md#profile-calls) — by the profile `profileFrom` finds; null
 * when there is none.
 */
export function completenessFrom(answer: unknown): boolean | null {
  const me = ProfileMeResponseSchema.safeParse(answer);
  if (me.success) return me.data.profile.complete;
  const status = ProfileStatusResponseSchema.safeParse(answer);
  if (status.success) return status.data.profile.complete;
  const profile = profileFrom(answer);
  return profile ? isProfileComplete(profile) : null;
}

/** docs/product/accounts.md#profile-check fallback: whether the user's name has at least two words. */
export function nameLooksComplete(user: AcceptedSessionUser | null): boolean {
  return (user?.name ?? '').trim().split(/\s+/).filter(Boolean).length >= 2;
}

/**
 * docs/product/accounts.md#profile-check "Profile completeness check": /profile/me, then /profile/status; the first that gives a
 * profile wins. If neither does (an error, or an answer without one), the name decides.
 */
export async function checkProfileComplete(
  client: ApiClient,
  user: AcceptedSessionUser | null,
): Promise<boolean> {
  for (const path of [`${API_PATHS.profile}/me`, `${API_PATHS.profile}/status`]) {
    try {
      const complete = completenessFrom(await client.get(path, { cache: 'no-store' }));
      if (complete !== null) return complete;
    } catch {
      // docs/product/accounts.md#profile-check: a failing endpoint hands over to the next one, then to the name.
    }
  }
  return nameLooksComplete(user);
}
