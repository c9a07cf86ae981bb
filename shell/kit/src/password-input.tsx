import { type InputHTMLAttributes, useState } from 'react';
import * as styles from './password-input.module.css';

export type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> & {
  /** The input's id: the caller's `<label htmlFor>` points at it and the toggle controls it. */
  id: string;
  /** The field's label as the caller shows it; names the toggle "Show <label>" / "Hide <label>". */
  label: string;
  /** The kit's compact field (a source's settings), as an Input with `compact`. */
  compact?: boolean;
};

/**
 * docs/product/accounts.md#steps, docs/product/profile.md#password-change: a password input with a Show/Hide toggle inside its right edge. Every input prop
 * (value, onChange, name, autoComplete, aria-describedby, aria-invalid, required, …) reaches the
 * `<input>`; `className` is the caller's input look, so the field matches its neighbours. The label,
 * hint, error and strength meter stay with the caller's field layout.
 */
export function PasswordInput({
  id,
  label,
  className,
  disabled,
  compact = false,
  ...input
}: PasswordInputProps) {
  const [shown, setShown] = useState(false);
  const subject = label.toLowerCase();
  return (
    <div className={styles.wrap}>
      <input
        // A shown password is plain text: keep it away from spell-check services and auto-capitals.
        spellCheck={false}
        autoCapitalize="none"
        {...input}
        id={id}
        type={shown ? 'text' : 'password'}
        disabled={disabled}
        className={className ? `${className} ${styles.input}` : styles.input}
        data-density={compact ? 'compact' : undefined}
      />
      <button
        type="button"
        className={styles.toggle}
        aria-pressed={shown}
        aria-controls={id}
        aria-label={`${shown ? 'Hide' : 'Show'} ${subject}`}
        disabled={disabled}
        onClick={() => setShown((value) => !value)}
      >
        {shown ? 'Hide' : 'Show'}
      </button>
    </div>
  );
}
