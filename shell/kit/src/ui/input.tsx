import type { InputHTMLAttributes, Ref } from 'react';
import { classNames } from './class-names';
import * as styles from './input.module.css';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

/**
 * A one-line text field (text, email, password, search) with the focus ring of the Select. Put it in a Field:
 * `{(control) => <Input {...control} />}`; `aria-invalid` draws the danger border.
 */
export function Input({ className, type = 'text', ...props }: InputProps) {
  return <input {...props} type={type} className={classNames(styles.input, className)} />;
}
