import { describe, expect, it } from 'vitest';
import { returnPathAfterLogin, returnStateFor, safeReturnPath } from './return-path';

describe('the path a guest is sent back to after login', () => {
  it('keeps the original path, search and hash in router state', () => {
    expect(returnStateFor({ pathname: '/playground', search: '?tpl=qbr', hash: '#steps' })).toEqual({
      from: '/playground?tpl=qbr#steps',
    });
  });

  it('prefers the router state, then ?next=, then /chats', () => {
    expect(returnPathAfterLogin({ from: '/uploads' }, '?next=/integrations')).toBe('/uploads');
    expect(returnPathAfterLogin(null, '?next=%2Fplayground%3Ftpl%3Dqbr')).toBe('/playground?tpl=qbr');
    expect(returnPathAfterLogin(undefined, '')).toBe('/chats');
  });

  it('refuses anything that is not a same-origin path', () => {
    expect(safeReturnPath('https://evil.example/')).toBeNull();
    expect(safeReturnPath('//evil.example/')).toBeNull();
    expect(safeReturnPath('/\\evil.example/')).toBeNull();
    expect(safeReturnPath('/chats\n')).toBeNull();
    expect(safeReturnPath(42)).toBeNull();
    expect(returnPathAfterLogin({ from: 'javascript:alert(1)' }, '?next=//x')).toBe('/chats');
  });

  it('never returns to the auth pages themselves', () => {
    expect(safeReturnPath('/auth/login')).toBeNull();
    expect(safeReturnPath('/auth')).toBeNull();
    expect(safeReturnPath('/authors')).toBe('/authors');
  });
});
