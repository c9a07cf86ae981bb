import { describe, expect, it } from 'vitest';
import { PROFILE_FORM_FIELDS } from '../profile-form/profile-form';
import { PROFILE_TABS, TAB_OF_FIELD, tabToShowErrors } from './tabs';

describe('profile tabs (docs/product/profile.md#tabs)', () => {
  it('are the seven, in order, Overview first', () => {
    expect(PROFILE_TABS.map((tab) => tab.label)).toEqual([
      'Overview',
      'Address',
      'Work',
      'Links',
      'Prefs',
      'Security',
      '2-step',
    ]);
  });

  it('every editable field belongs to a tab that has a Save button', () => {
    for (const field of PROFILE_FORM_FIELDS) expect(TAB_OF_FIELD[field]).not.toBe('security');
  });

  it('a failed save stays on the tab when it has an error there, else goes to the first tab with one', () => {
    expect(tabToShowErrors('links', ['gender', 'github'])).toBe('links');
    expect(tabToShowErrors('address', ['github', 'phone'])).toBe('overview');
    expect(tabToShowErrors('two-step', ['locale'])).toBe('prefs');
    expect(tabToShowErrors('work', [])).toBeUndefined();
  });
});
