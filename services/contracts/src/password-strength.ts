/**
 * docs/product/accounts.md#strength-meter "Strength meter": five checks — at least 8 characters, an uppercase letter, a lowercase letter,
 * a digit, a symbol. The percentage is passed checks / 5; red below 40 %, amber below 80 %, green from 80 %.
 * One rule for the sign-up and reset steps (mfe-auth) and the Security tab (mfe-profile).
 */
export const STRENGTH_CHECKS = [
  { key: 'length', label: '8+ characters', test: (value: string) => value.length >= 8 },
  { key: 'upper', label: 'Uppercase letter', test: (value: string) => /[A-Z]/.test(value) },
  { key: 'lower', label: 'Lowercase letter', test: (value: string) => /[a-z]/.test(value) },
  { key: 'digit', label: 'Number', test: (value: string) => /\d/.test(value) },
  { key: 'symbol', label: 'Symbol', test: (value: string) => /[^A-Za-z0-9\s]/.test(value) },
] as const;

export type StrengthCheckKey = (typeof STRENGTH_CHECKS)[number]['key'];
export type StrengthLevel = 'weak' | 'fair' | 'strong';

export interface PasswordStrength {
  checks: Record<StrengthCheckKey, boolean>;
  passed: number;
  /** 0, 20, 40, 60, 80 or 100. */
  percent: number;
  /** weak (red) < 40 %, fair (amber) < 80 %, strong (green) from 80 %. */
  level: StrengthLevel;
}

export function passwordStrength(value: string): PasswordStrength {
  const checks = Object.fromEntries(STRENGTH_CHECKS.map((check) => [check.key, check.test(value)])) as Record<
    StrengthCheckKey,
    boolean
  >;
  const passed = Object.values(checks).filter(Boolean).length;
  const percent = (passed / STRENGTH_CHECKS.length) * 100;
  const level: StrengthLevel = percent < 40 ? 'weak' : percent < 80 ? 'fair' : 'strong';
  return { checks, passed, percent, level };
}
