import type { InputHTMLAttributes, Ref } from 'react';
import { classNames } from './class-names';
import * as styles from './input.module.css';

/**
 * The field's class alone, for an input the kit's index draws (the PasswordInput with its Show/Hide toggle),
 * which cannot import this module: the index is on every page and this look is not.
 */
export function inputClassName(className?: string): string {
  return classNames(styles.input, className);
}

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  /**
   * A field in a card's toolbar or form beside compact selects (the catalogs' filters, a source's settings): a
   * little shorter, smaller text, on the card's surface colour. The look alone (inputClassName) takes it as
   * `data-density="compact"`.
   */
  compact?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A one-line text field (text, email, password, search) with the focus ring of the Select. Put it in a Field:
 * `{(control) => <Input {...control} />}`; `aria-invalid` draws the danger border.
 */
export function Input({ className, type = 'text', compact = false, ...props }: InputProps) {
  return (
    <input
      {...props}
      type={type}
      className={inputClassName(className)}
      data-density={compact ? 'compact' : undefined}
    />
  );
}
