import type { ProfileFormField } from '../profile-form/profile-form';

/** docs/product/profile.md#tabs: the seven tabs, Overview first (the default). */
export const PROFILE_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'address', label: 'Address' },
  { id: 'work', label: 'Work' },
  { id: 'links', label: 'Links' },
  { id: 'prefs', label: 'Prefs' },
  { id: 'security', label: 'Security' },
  { id: 'two-step', label: '2-step' },
] as const;
export type ProfileTabId = (typeof PROFILE_TABS)[number]['id'];

/** Which tab shows each field, so a save that fails on another tab can lead there. */
export const TAB_OF_FIELD: Record<ProfileFormField, ProfileTabId> = {
  gender: 'overview',
  dob: 'overview',
  phone: 'overview',
  headline: 'overview',
  bio: 'overview',
  street: 'address',
  city: 'address',
  state: 'address',
  postal_code: 'address',
  country: 'address',
  company: 'work',
  department: 'work',
  title: 'work',
  website: 'links',
  linkedin: 'links',
  twitter: 'links',
  github: 'links',
  timezone: 'prefs',
  locale: 'prefs',
};

/** The tab a failed save should show: the current one if it has an error, else the first that has. */
export function tabToShowErrors(
  current: ProfileTabId,
  fields: readonly ProfileFormField[],
): ProfileTabId | undefined {
  const tabs = fields.map((field) => TAB_OF_FIELD[field]);
  if (tabs.length === 0) return undefined;
  if (tabs.includes(current)) return current;
  return PROFILE_TABS.find((tab) => tabs.includes(tab.id))?.id;
}
