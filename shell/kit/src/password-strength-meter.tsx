import { passwordStrength, STRENGTH_CHECKS, type StrengthLevel } from '@trove/contracts';
import * as styles from './password-strength-meter.module.css';
// The class alone, not the component: the meter is in the kit's index, on every page (docs/decisions/041).
import * as hidden from './ui/visually-hidden.module.css';

const LEVEL_LABEL: Record<StrengthLevel, string> = { weak: 'Weak', fair: 'Fair', strong: 'Strong' };

/**
 * docs/product/accounts.md#strength-meter, docs/product/profile.md#password-change: the strength meter under a new password (sign-up, reset, the Security tab). The bar
 * and the checklist show the five docs/product/accounts.md#strength-meter checks; the level is announced politely as it changes.
 * Pass `id` and point the password input's `aria-describedby` at it.
 */
export function PasswordStrengthMeter({ password, id }: { password: string; id?: string }) {
  const strength = passwordStrength(password);
  return (
    <div className={styles.meter} id={id} data-level={strength.level} data-percent={strength.percent}>
      <div className={styles.track} aria-hidden="true">
        <div className={styles.fill} style={{ width: `${strength.percent}%` }} />
      </div>
      <p className={styles.summary} aria-live="polite">
        Strength: {password === '' ? '—' : `${LEVEL_LABEL[strength.level]} (${strength.percent}%)`}
      </p>
      <ul className={styles.checks}>
        {STRENGTH_CHECKS.map((check) => (
          <li key={check.key} className={strength.checks[check.key] ? styles.passed : styles.open}>
            <span aria-hidden="true">{strength.checks[check.key] ? '✓' : '○'}</span> {check.label}
            <span className={hidden.visuallyHidden}>
              {strength.checks[check.key] ? ' (done)' : ' (missing)'}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
