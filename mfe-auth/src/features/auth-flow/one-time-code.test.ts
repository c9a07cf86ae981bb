import { describe, expect, it } from 'vitest';
import {
  type CodeBoxes,
  codeError,
  codeOf,
  EMPTY_CODE,
  enterDigits,
  eraseDigit,
  sanitiseCode,
} from './one-time-code';

const boxes = (code: string): CodeBoxes => Array.from({ length: 6 }, (_, index) => code.charAt(index));

describe('one-time code (docs/product/accounts.md#code-rules)', () => {
  it('whitespace and non-digits are removed', () => {
    expect(sanitiseCode(' 12 3-4\t5a6 ')).toBe('123456');
  });

  it('a paste keeps the first six digits', () => {
    expect(sanitiseCode('Your code: 123456 (ref 987)')).toBe('123456');
    expect(enterDigits(EMPTY_CODE, 0, '9876543210')).toEqual({ boxes: boxes('987654'), focus: 5 });
  });

  it('a whole code pasted into any box replaces the code', () => {
    expect(enterDigits(boxes('11'), 3, '123 456')).toEqual({ boxes: boxes('123456'), focus: 5 });
  });

  it('a shorter paste fills from the box it lands in', () => {
    expect(enterDigits(boxes('1'), 1, '23')).toEqual({ boxes: boxes('123'), focus: 3 });
  });

  it('typing a digit fills the box and advances; the last box keeps focus', () => {
    expect(enterDigits(boxes('12'), 2, '3')).toEqual({ boxes: boxes('123'), focus: 3 });
    expect(enterDigits(boxes('12345'), 5, '6')).toEqual({ boxes: boxes('123456'), focus: 5 });
  });

  it('typing over a filled box replaces that digit', () => {
    expect(codeOf(enterDigits(boxes('123456'), 1, '9').boxes)).toBe('193456');
  });

  it('a letter changes nothing', () => {
    expect(enterDigits(boxes('12'), 2, 'x')).toEqual({ boxes: boxes('12'), focus: 2 });
  });

  it('Backspace clears the box, or goes back and clears the one before when it is empty', () => {
    expect(eraseDigit(boxes('123'), 2)).toEqual({ boxes: boxes('12'), focus: 2 });
    expect(eraseDigit(boxes('12'), 2)).toEqual({ boxes: boxes('1'), focus: 1 });
    expect(eraseDigit(EMPTY_CODE, 0)).toEqual({ boxes: EMPTY_CODE, focus: 0 });
  });

  it('an empty box in the middle leaves the code short', () => {
    const { boxes: holed } = eraseDigit(boxes('123456'), 2);
    expect(codeOf(holed)).toBe('12456');
    expect(codeError(codeOf(holed))).toBe('Enter 6-digit code');
  });

  it('"Invalid / missing code" with nothing entered, "Enter 6-digit code" when short, none at six', () => {
    expect(codeError('')).toBe('Invalid / missing code');
    expect(codeError('123')).toBe('Enter 6-digit code');
    expect(codeError('012345')).toBeNull();
  });
});
