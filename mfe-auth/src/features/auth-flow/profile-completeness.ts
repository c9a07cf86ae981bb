import type { ApiClient, SessionUser } from '@trove/kit';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function filled(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * SPEC §7: /profile/me answers {user, profile}; /profile/status a profile, or an object containing one.
 * A profile is an object with at least one of the fields SPEC §3 names for it.
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
 * are all there — the three fields the profile step asks for (SPEC §2.4).
 */
export function isProfileComplete(profile: Record<string, unknown>): boolean {
  if (typeof profile.complete === 'boolean') return profile.complete;
  return (
    filled(profile.first_name ?? profile.firstName) &&
    filled(profile.last_name ?? profile.lastName) &&
    filled(profile.dob)
  );
}

/** SPEC §4.3 fallback: whether the user's name has at least two words. */
export function nameLooksComplete(user: SessionUser | null): boolean {
  return (user?.name ?? '').trim().split(/\s+/).filter(Boolean).length >= 2;
}

/**
 * SPEC §4.3 "Profile completeness check": /profile/me, then /profile/status; the first that gives a
 * profile wins. If neither does (an error, or an answer without one), the name decides.
 */
export async function checkProfileComplete(client: ApiClient, user: SessionUser | null): Promise<boolean> {
  for (const path of ['/api/v1/profile/me', '/api/v1/profile/status']) {
    try {
      const profile = profileFrom(await client.get(path, { cache: 'no-store' }));
      if (profile) return isProfileComplete(profile);
    } catch {
      // SPEC §4.3: a failing endpoint hands over to the next one, then to the name.
    }
  }
  return nameLooksComplete(user);
}
