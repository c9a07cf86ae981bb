import { describe, expect, it } from 'vitest';
import { findSignature, organisationDomain, personFromMailbox } from './people';

describe('people and organisations', () => {
  it('a signature after "--" gives the person and their company', () => {
    const text =
      'See the attached invoice.\n\n--\nPriya Sharma\nFinance Manager, Acme Industries Pvt Ltd\n+91 98765 43210';
    expect(findSignature(text)).toEqual({
      people: [{ name: 'Priya Sharma' }],
      organisations: ['Acme Industries Pvt Ltd'],
    });
  });

  it('a sign-off followed by a name and "Title at Company" is a signature', () => {
    const text =
      'Thanks for the quick turnaround.\n\nBest regards,\nJohn O’Neil\nHead of Procurement at Globex\njohn@globex.com';
    expect(findSignature(text)).toEqual({
      people: [{ name: 'John O’Neil', email: 'john@globex.com' }],
      organisations: ['Globex'],
    });
  });

  it('a company on its own line is recognised by its suffix', () => {
    expect(findSignature('Regards,\nAnna Berg\nNordic Freight AB Group').organisations).toEqual([
      'Nordic Freight AB Group',
    ]);
  });

  it('text without a signature names nobody', () => {
    expect(findSignature('Regards to the team, the meeting moved.\nwe will see')).toEqual({
      people: [],
      organisations: [],
    });
  });

  it('an address domain names the organisation, but not a personal mail provider', () => {
    expect(organisationDomain('billing@mail.acme.co.in')).toBe('acme.co.in');
    expect(organisationDomain('ravi@globex.com')).toBe('globex.com');
    expect(organisationDomain('ravi@gmail.com')).toBeNull();
  });

  it('a mailbox without a display name is named by its address', () => {
    expect(personFromMailbox({ name: '', address: 'ops@acme.com' })).toEqual({
      name: 'ops@acme.com',
      email: 'ops@acme.com',
    });
  });
});
