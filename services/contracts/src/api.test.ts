import { describe, expect, it } from 'vitest';
import { API_PATHS, ERROR_CODE_BY_STATUS, KNOWN_DEVICE_PATH } from './api';

describe('the names on the wire', () => {
  it('every resource is served under /api/v1, and the known-device cookie is scoped to the login route', () => {
    for (const path of Object.values(API_PATHS)) expect(path).toMatch(/^\/api\/v1\/[a-z]+$/);
    expect(KNOWN_DEVICE_PATH).toBe('/api/v1/auth/password/login');
  });

  it('one generic code per status, the same from a service and from nginx', () => {
    expect(ERROR_CODE_BY_STATUS[400]).toBe('invalid_request');
    expect(ERROR_CODE_BY_STATUS[500]).toBe('internal');
    expect(ERROR_CODE_BY_STATUS[502]).toBe(ERROR_CODE_BY_STATUS[503]);
    for (const code of Object.values(ERROR_CODE_BY_STATUS)) expect(code).toMatch(/^[a-z_]+$/);
  });
});
