import { describe, expect, it } from 'vitest';
import { AcceptedSessionUserSchema, SessionUserSchema } from './session';

const USER = { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', phone: null };

describe('the session user (docs/product/shell.md#user)', () => {
  it('as our services send it: all four fields, accepted only with an id', () => {
    expect(SessionUserSchema.parse(USER)).toEqual(USER);
    expect(SessionUserSchema.safeParse({ ...USER, id: '' }).success).toBe(false);
    expect(SessionUserSchema.safeParse({ id: 'u1' }).success).toBe(false);
  });

  it('as the shell accepts it from any server: an id alone, a number too', () => {
    expect(AcceptedSessionUserSchema.parse({ id: 7 })).toEqual({ id: 7 });
    expect(AcceptedSessionUserSchema.parse({ id: 'u1', email: null })).toEqual({ id: 'u1', email: null });
    expect(AcceptedSessionUserSchema.safeParse({ id: '' }).success).toBe(false);
    expect(AcceptedSessionUserSchema.safeParse({ name: 'Ada' }).success).toBe(false);
  });

  it('every user our services send is one the shell accepts', () => {
    expect(AcceptedSessionUserSchema.parse(USER)).toEqual(USER);
  });
});
