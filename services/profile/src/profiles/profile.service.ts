import {
  COMMON_PASSWORD_MESSAGE,
  type ChangePassword,
  PROFILE_MESSAGES,
  type Profile,
  type SessionUser,
  type UpdateProfile,
} from '@trove/contracts';
import {
  type AccountChange,
  ApiError,
  accountChangedMail,
  type DatabaseHandle,
  enqueueMail,
  hashPassword,
  isCommonPassword,
  revokeUserFamilies,
} from '@trove/service-core';
import type { ConfirmCurrentPassword } from './current-password';
import {
  findUserWithProfile,
  PROFILE_FIELDS,
  type ProfileColumns,
  phoneTakenByOther,
  setPasswordHash,
  type UserWithProfile,
  updateUserColumns,
  upsertProfile,
} from './profiles.repository';

/** docs/product/accounts.md#profile-check profile check: complete means first name, last name and dob are all present. */
export function isComplete(profile: Pick<ProfileColumns, 'first_name' | 'last_name' | 'dob'>): boolean {
  return Boolean(profile.first_name && profile.last_name && profile.dob);
}

export function toProfile(record: UserWithProfile): Profile {
  const p = record.profile;
  return {
    ...p,
    gender: p.gender === 'male' || p.gender === 'female' || p.gender === 'other' ? p.gender : null,
    phone: record.phone,
    two_factor_enabled: record.twoFactorEnabled,
    complete: isComplete(p),
  };
}

export function toSessionUser(record: UserWithProfile): SessionUser {
  return { id: record.id, name: record.name, email: record.email, phone: record.phone };
}

async function load(db: DatabaseHandle, userId: string): Promise<UserWithProfile> {
  const record = await findUserWithProfile(db, userId);
  if (record === undefined) throw new ApiError(401, 'Not signed in', 'unauthenticated');
  return record;
}

export async function getProfile(db: DatabaseHandle, userId: string) {
  const record = await load(db, userId);
  return { user: toSessionUser(record), profile: toProfile(record) };
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

const PHONE_TAKEN = () => new ApiError(409, PROFILE_MESSAGES.phoneTaken, 'phone_taken');

/** What a save would change that needs the current password (issue 18 item 11). */
export function sensitiveChanges(current: UserWithProfile, update: UpdateProfile): AccountChange[] {
  const changes: AccountChange[] = [];
  // A first number is an addition (the profile page asks for one on the first save), not a change.
  if (update.phone !== undefined && current.phone !== null && update.phone !== current.phone)
    changes.push('phone');
  if (update.two_factor_enabled === false && current.twoFactorEnabled) changes.push('two_step_off');
  return changes;
}

export interface ProfileWriteContext {
  userId: string;
  /** The client address, for the current-password check's per-IP budget. */
  ip: string;
  product: string;
  confirmCurrentPassword: ConfirmCurrentPassword;
}

/**
 * docs/product/api.md#profile-calls PUT /profile: saves the fields sent (each already checked by its docs/product/profile.md#validation rule in
 * UpdateProfileSchema), keeps users.name equal to "first last", and answers the new state. A new phone
 * number in place of another, or 2-step turned off, needs the current password and mails a notice in the
 * same transaction (issue 18 item 11).
 */
export async function updateProfile(db: DatabaseHandle, context: ProfileWriteContext, update: UpdateProfile) {
  const { userId } = context;
  let confirmed = false;
  if (sensitiveChanges(await load(db, userId), update).length > 0) {
    await context.confirmCurrentPassword(userId, context.ip, update.current_password);
    confirmed = true;
  }
  if (update.phone !== undefined && (await phoneTakenByOther(db, userId, update.phone))) throw PHONE_TAKEN();
  try {
    await db.transaction().execute(async (tx) => {
      const current = await load(tx, userId);
      // Checked again against what the transaction reads: a change made meanwhile needs the password too.
      const changes = sensitiveChanges(current, update);
      if (changes.length > 0 && !confirmed)
        await context.confirmCurrentPassword(userId, context.ip, undefined);
      const fields: Partial<ProfileColumns> = {};
      for (const field of PROFILE_FIELDS) {
        const value = update[field];
        if (value !== undefined) fields[field] = value;
      }
      await upsertProfile(tx, userId, fields);
      const first = fields.first_name ?? current.profile.first_name;
      const last = fields.last_name ?? current.profile.last_name;
      const name = [first, last].filter((part) => part).join(' ');
      await updateUserColumns(tx, userId, {
        ...(update.first_name !== undefined || update.last_name !== undefined ? { name: name || null } : {}),
        ...(update.phone === undefined ? {} : { phone: update.phone }),
        ...(update.two_factor_enabled === undefined ? {} : { two_factor_enabled: update.two_factor_enabled }),
      });
      for (const change of changes)
        await enqueueMail(tx, accountChangedMail({ product: context.product, to: current.email, change }));
    });
  } catch (err) {
    // Two accounts saving one number at once: the unique index decides.
    if (isUniqueViolation(err)) throw PHONE_TAKEN();
    throw err;
  }
  return getProfile(db, userId);
}

/**
 * docs/product/api.md#profile-calls PUT /profile/password: checks the current password (rate-limited, issue 18 item 11), sets the
 * new one, signs out every other session (this one stays), and mails a notice through the outbox in the
 * same transaction.
 */
export async function changePassword(
  db: DatabaseHandle,
  context: ProfileWriteContext & { familyId: string },
  input: ChangePassword,
): Promise<void> {
  const { email } = await context.confirmCurrentPassword(context.userId, context.ip, input.current_password);
  if (isCommonPassword(input.new_password))
    throw new ApiError(400, COMMON_PASSWORD_MESSAGE, 'invalid_request');
  const passwordHash = await hashPassword(input.new_password);
  await db.transaction().execute(async (tx) => {
    await setPasswordHash(tx, context.userId, passwordHash);
    await revokeUserFamilies(tx, context.userId, context.familyId);
    await enqueueMail(tx, accountChangedMail({ product: context.product, to: email, change: 'password' }));
  });
}
