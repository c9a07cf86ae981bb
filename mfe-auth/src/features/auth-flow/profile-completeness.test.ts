import { ApiError, type ApiClient } from '@trove/kit';
import { describe, expect, it, vi } from 'vitest';
import {
  checkProfileComplete,
  isProfileComplete,
  nameLooksComplete,
  profileFrom,
} from './profile-completeness';

function clientAnswering(answers: Record<string, unknown>): ApiClient & { calls: string[] } {
  const calls: string[] = [];
  const get = vi.fn(async (path: string) => {
    calls.push(path);
    const answer = answers[path];
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return { calls, get } as unknown as ApiClient & { calls: string[] };
}

const user = (name: string | null) => ({ id: 'u1', name, email: 'a@x.io', phone: null });

describe('profile completeness check (docs/product/accounts.md#profile-check)', () => {
  it('reads the profile from {user, profile} and from a bare profile', () => {
    expect(profileFrom({ user: {}, profile: { complete: true } })).toEqual({ complete: true });
    expect(profileFrom({ first_name: 'Ada' })).toEqual({ first_name: 'Ada' });
    expect(profileFrom({ user: { id: 'u1' } })).toBeNull();
    expect(profileFrom('nope')).toBeNull();
  });

  it('complete is what the server says, else names and dob (both spellings of the names)', () => {
    expect(isProfileComplete({ complete: false, first_name: 'A', last_name: 'B', dob: '1990-01-01' })).toBe(
      false,
    );
    expect(isProfileComplete({ firstName: 'Ada', lastName: 'Lovelace', dob: '1990-01-01' })).toBe(true);
    expect(isProfileComplete({ first_name: 'Ada', last_name: ' ', dob: '1990-01-01' })).toBe(false);
  });

  it('a name of two or more words counts as complete', () => {
    expect(nameLooksComplete(user('Ada Lovelace'))).toBe(true);
    expect(nameLooksComplete(user(' Ada '))).toBe(false);
    expect(nameLooksComplete(null)).toBe(false);
  });

  it('/profile/me answers first and wins', async () => {
    const client = clientAnswering({ '/api/v1/profile/me': { user: {}, profile: { complete: true } } });
    expect(await checkProfileComplete(client, user(null))).toBe(true);
    expect(client.calls).toEqual(['/api/v1/profile/me']);
  });

  it('/profile/status is asked when /profile/me fails', async () => {
    const client = clientAnswering({
      '/api/v1/profile/me': new ApiError('Nope', 500, null),
      '/api/v1/profile/status': { profile: { complete: false } },
    });
    expect(await checkProfileComplete(client, user('Ada Lovelace'))).toBe(false);
    expect(client.calls).toEqual(['/api/v1/profile/me', '/api/v1/profile/status']);
  });

  it('when neither gives a profile, the name decides', async () => {
    const client = clientAnswering({
      '/api/v1/profile/me': new ApiError('Nope', 404, null),
      '/api/v1/profile/status': { ok: true },
    });
    expect(await checkProfileComplete(client, user('Ada Lovelace'))).toBe(true);
    expect(await checkProfileComplete(client, user('Ada'))).toBe(false);
  });
});
