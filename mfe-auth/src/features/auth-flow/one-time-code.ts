import { OTP_CODE_MESSAGE, OtpCodeSchema } from '@trove/contracts';

/** docs/product/accounts.md#constants: one-time code length 6. */
export const CODE_LENGTH = 6;

/** docs/product/accounts.md#code-rules: whitespace is stripped and non-digits are removed; a paste keeps the first six digits. */
export function sanitiseCode(raw: string): string {
  return raw.replace(/\D+/g, '').slice(0, CODE_LENGTH);
}

/** Six boxes, each one digit or empty. */
export type CodeBoxes = readonly string[];

export const EMPTY_CODE: CodeBoxes = Array.from({ length: CODE_LENGTH }, () => '');

/** The code the boxes hold; an empty box in the middle makes it short, and so invalid. */
export function codeOf(boxes: CodeBoxes): string {
  return boxes.join('');
}

/**
 * What typing or pasting `raw` into box `index` does: the digits land from that box on, and `focus` is
 * the box to move to next (docs/product/accounts.md#code-rules "typing advances"). A whole code pasted into any box replaces the
 * code: people paste into whichever box has focus.
 */
export function enterDigits(
  boxes: CodeBoxes,
  index: number,
  raw: string,
): { boxes: CodeBoxes; focus: number } {
  const digits = sanitiseCode(raw);
  if (digits === '') return { boxes, focus: index };
  if (digits.length === CODE_LENGTH) return { boxes: [...digits], focus: CODE_LENGTH - 1 };
  const next = [...boxes];
  let at = index;
  for (const digit of digits) {
    if (at >= CODE_LENGTH) break;
    next[at] = digit;
    at += 1;
  }
  return { boxes: next, focus: Math.min(at, CODE_LENGTH - 1) };
}

/**
 * Backspace in box `index`: clears that box, or — when it is already empty — the one before, where focus
 * goes (docs/product/accounts.md#code-rules "Backspace goes back").
 */
export function eraseDigit(boxes: CodeBoxes, index: number): { boxes: CodeBoxes; focus: number } {
  const target = boxes[index] ? index : Math.max(index - 1, 0);
  const next = [...boxes];
  next[target] = '';
  return { boxes: next, focus: target };
}

/**
 * docs/product/accounts.md#code-rules messages, by the contracts rule: nothing entered is "Invalid / missing code", anything else
 * that is not six digits "Enter 6-digit code".
 */
export function codeError(code: string): string | null {
  const parsed = OtpCodeSchema.safeParse(code === '' ? undefined : code);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? OTP_CODE_MESSAGE);
}
