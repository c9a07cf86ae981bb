import type { ButtonHTMLAttributes, Ref } from 'react';
import { classNames } from './class-names';
import * as styles from './link-button.module.css';

export interface LinkButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  ref?: Ref<HTMLButtonElement>;
}

/** A button drawn as an accent link (an action inside a line of text); muted while disabled. */
export function LinkButton({ className, type = 'button', ...props }: LinkButtonProps) {
  return <button {...props} type={type} className={classNames(styles.linkButton, className)} />;
}
