import type { ColumnType, Generated } from 'kysely';

// The database as kysely sees it. It mirrors what db/migrations/ builds; a new migration that adds a
// column adds it here too.

/** `timestamptz` read as a Date, written as a Date or an ISO string, defaulted by the database. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A nullable `timestamptz` nobody has to supply on insert. */
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** A `date` column, read and written as `YYYY-MM-DD` (the pg type parser is set in database.ts). */
type DateOnly = ColumnType<string | null, string | null | undefined, string | null>;
/** A nullable text column nobody has to supply on insert. */
type OptionalText = ColumnType<string | null, string | null | undefined, string | null>;

export interface UsersTable {
  id: Generated<string>;
  /** Always lower-cased (docs/product/accounts.md#email-rules); a CHECK constraint holds the database to it. */
  email: string;
  password_hash: OptionalText;
  email_verified_at: NullableTimestamp;
  name: OptionalText;
  /** E.164, unique. */
  phone: OptionalText;
  two_factor_enabled: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProfilesTable {
  user_id: string;
  first_name: OptionalText;
  last_name: OptionalText;
  headline: OptionalText;
  bio: OptionalText;
  gender: OptionalText;
  dob: DateOnly;
  street: OptionalText;
  city: OptionalText;
  state: OptionalText;
  postal_code: OptionalText;
  country: OptionalText;
  company: OptionalText;
  department: OptionalText;
  title: OptionalText;
  website: OptionalText;
  linkedin: OptionalText;
  twitter: OptionalText;
  github: OptionalText;
  timezone: OptionalText;
  locale: OptionalText;
  avatar_url: OptionalText;
  banner_url: OptionalText;
  updated_at: Timestamp;
}

export type CodePurpose = 'verify' | 'login2fa' | 'reset' | 'reset_token';

export interface OneTimeCodesTable {
  id: Generated<string>;
  purpose: CodePurpose;
  target: string;
  code_hash: string;
  expires_at: Timestamp;
  attempts: Generated<number>;
  consumed_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface RefreshFamiliesTable {
  id: Generated<string>;
  user_id: string;
  created_at: Timestamp;
  revoked_at: NullableTimestamp;
  /** The absolute end of the session (SESSION_MAX_DAYS after sign-in), whatever its refreshes. */
  expires_at: Timestamp;
}

export interface RefreshTokensTable {
  jti: string;
  family_id: string;
  expires_at: Timestamp;
  rotated_at: NullableTimestamp;
  created_at: Timestamp;
  /** The claims of the pair this token was rotated to (JSON text in, parsed object out); null until then. */
  successor: ColumnType<unknown, string | null | undefined, string | null>;
}

export interface MailOutboxTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  sent_at: NullableTimestamp;
  last_error: OptionalText;
  created_at: Timestamp;
}

export interface RateLimitsTable {
  key: string;
  points: number;
  expire: string | null;
}

/** Issue 18 item 4: a login throttle key's attempts and when its next attempt may start. */
export interface LoginThrottleTable {
  key: string;
  attempts: number;
  next_allowed_at: Timestamp;
  expires_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  profiles: ProfilesTable;
  one_time_codes: OneTimeCodesTable;
  refresh_families: RefreshFamiliesTable;
  refresh_tokens: RefreshTokensTable;
  mail_outbox: MailOutboxTable;
  rate_limits: RateLimitsTable;
  login_throttle: LoginThrottleTable;
}
