import { describe, expect, it } from 'vitest';
import { contactContentFor } from './contact-topics';

describe('the contact page topic', () => {
  it('has a heading for security and for pricing', () => {
    expect(contactContentFor('security').heading).toBe('Talk to our security team');
    expect(contactContentFor('pricing').heading).toBe('Talk to sales');
  });

  it('falls back to a general page for a missing or unknown topic', () => {
    expect(contactContentFor(null)).toMatchObject({ topic: null, heading: 'Contact us' });
    expect(contactContentFor('jobs').topic).toBeNull();
  });

  it('never points at a domain we do not own', () => {
    for (const topic of ['security', 'pricing', null]) {
      expect(contactContentFor(topic).email).toMatch(/@trove\.example$/);
    }
  });
});
