import { type Kysely, sql } from 'kysely';

// The accounts issue (docs/product/accounts.md#one-time-code-meta, docs/product/api.md#profile-calls): credentials and profile data, one-time codes, refresh-token
// families, the mail outbox and the rate-limit counters. Migrations see the database as it was when
// they were written, so they take an untyped handle.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    // argon2id PHC string; null only for rows made before passwords existed.
    .addColumn('password_hash', 'text')
    .addColumn('email_verified_at', 'timestamptz')
    .addColumn('name', 'text')
    // E.164 (docs/product/profile.md#validation phone rules, normalised by libphonenumber-js); unique so one number is one account.
    .addColumn('phone', 'text', (column) => column.unique())
    .addColumn('two_factor_enabled', 'boolean', (column) => column.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('profiles')
    .addColumn('user_id', 'uuid', (column) => column.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('headline', 'text')
    .addColumn('bio', 'text')
    .addColumn('gender', 'text', (column) => column.check(sql`gender in ('male', 'female', 'other')`))
    .addColumn('dob', 'date')
    .addColumn('street', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('postal_code', 'text')
    .addColumn('country', 'text')
    .addColumn('company', 'text')
    .addColumn('department', 'text')
    .addColumn('title', 'text')
    .addColumn('website', 'text')
    .addColumn('linkedin', 'text')
    .addColumn('twitter', 'text')
    .addColumn('github', 'text')
    .addColumn('timezone', 'text')
    .addColumn('locale', 'text')
    .addColumn('avatar_url', 'text')
    .addColumn('banner_url', 'text')
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  // Codes are stored only as a keyed hash (HMAC-SHA256), so a database leak does not leak live codes.
  await db.schema
    .createTable('one_time_codes')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('purpose', 'text', (column) =>
      column.notNull().check(sql`purpose in ('verify', 'login2fa', 'reset', 'reset_token')`),
    )
    .addColumn('target', 'text', (column) => column.notNull())
    .addColumn('code_hash', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('consumed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('one_time_codes_target_purpose')
    .on('one_time_codes')
    .columns(['target', 'purpose', 'created_at'])
    .execute();
  await db.schema.createIndex('one_time_codes_code_hash').on('one_time_codes').column('code_hash').execute();

  // One family per sign-in; every refresh rotates the token inside it (reuse detection).
  await db.schema
    .createTable('refresh_families')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('refresh_families_user').on('refresh_families').column('user_id').execute();
  await db.schema
    .createTable('refresh_tokens')
    .addColumn('jti', 'uuid', (column) => column.primaryKey())
    .addColumn('family_id', 'uuid', (column) =>
      column.notNull().references('refresh_families.id').onDelete('cascade'),
    )
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('rotated_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('to_address', 'text', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('text_body', 'text', (column) => column.notNull())
    .addColumn('html_body', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('mail_outbox_pending')
    .on('mail_outbox')
    .column('next_attempt_at')
    .where(sql.ref('sent_at'), 'is', null)
    .execute();

  // rate-limiter-flexible's PostgreSQL store, created here (tableCreated: true) rather than lazily by
  // the library, so its shape is under migration like everything else.
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(255)', (column) => column.primaryKey())
    .addColumn('points', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('expire', 'bigint')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'rate_limits',
    'mail_outbox',
    'refresh_tokens',
    'refresh_families',
    'one_time_codes',
    'profiles',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema
    .alterTable('users')
    .dropColumn('password_hash')
    .dropColumn('email_verified_at')
    .dropColumn('name')
    .dropColumn('phone')
    .dropColumn('two_factor_enabled')
    .execute();
}
