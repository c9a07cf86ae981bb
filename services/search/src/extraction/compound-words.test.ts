import { describe, expect, it } from 'vitest';
import { withCompoundParts } from './compound-words';

describe('withCompoundParts', () => {
  it('adds the words of hosts, addresses, paths and file names, keeping the text', () => {
    expect(withCompoundParts('see http://xent.com/mailman/listinfo/fork or ann.lee@acme.com')).toBe(
      'see http://xent.com/mailman/listinfo/fork or ann.lee@acme.com\nhttp xent com mailman listinfo fork\nann lee acme com',
    );
    expect(withCompoundParts('open foo_bar.txt')).toBe('open foo_bar.txt\nfoo bar txt');
  });

  it('leaves plain words, numbers and sentence ends alone', () => {
    expect(withCompoundParts('Version 2.5.3 is out. Really.')).toBe('Version 2.5.3 is out. Really.');
    expect(withCompoundParts('plain words only')).toBe('plain words only');
  });
});
