import { describe, expect, it } from 'vitest';
import { withCompoundParts } from './compound-words';

describe('withCompoundParts', () => {
  it('adds the words of hosts, addresses, paths and file names, keeping the text', () => {
    expect(withCompoundParts('see http://xent.com/mailman/listinfo/fork or ann.lee@acme.com')).toBe(
      'see http://xent.com/mailman/listinfo/fork or ann.lee@acme.com\nhttp xent com mailman listinfo fork\nann lee acme com',
    );
    expect(withCompoundParts('open foo_bar.txt')).toBe('open foo_bar.txt\nfoo bar txt');
    // A part that is a number does not hide the word beside it ("000/Month" is one token to PostgreSQL).
    expect(withCompoundParts('$4,000/Month with your PC')).toBe('$4,000/Month with your PC\n000 Month');
    expect(withCompoundParts('Python 2.2 site libs, RH8/x86')).toBe('Python 2.2 site libs, RH8/x86\nRH8 x86');
  });

  it('leaves plain words, numbers and sentence ends alone', () => {
    expect(withCompoundParts('Version 2.5.3 is out. Really.')).toBe('Version 2.5.3 is out. Really.');
    expect(withCompoundParts('plain words only')).toBe('plain words only');
  });
});
