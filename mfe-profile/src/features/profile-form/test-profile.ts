import type { Profile } from '@trove/contracts';

/** For tests: a profile as the server answers it for a new account, with the given fields set. */
export function testProfile(change: Partial<Profile> = {}): Profile {
  return {
    first_name: null,
    last_name: null,
    headline: null,
    bio: null,
    gender: null,
    dob: null,
    phone: null,
    street: null,
    city: null,
    state: null,
    postal_code: null,
    country: null,
    company: null,
    department: null,
    title: null,
    website: null,
    linkedin: null,
    twitter: null,
    github: null,
    timezone: null,
    locale: null,
    avatar_url: null,
    banner_url: null,
    two_factor_enabled: false,
    complete: false,
    ...change,
  };
}
