import type { FormHTMLAttributes, HTMLAttributes } from 'react';
import { classNames } from './class-names';
import * as styles from './dialog-form.module.css';

export interface DialogFormProps extends FormHTMLAttributes<HTMLFormElement> {
  /** `div` for a body with no fields: a question and its buttons (a confirmation). */
  as?: 'form' | 'div';
}
export type DialogLeadProps = HTMLAttributes<HTMLParagraphElement>;

/** The form inside a popup's body: its parts in a column, a step apart. Every other prop goes to the form. */
export function DialogForm({ as = 'form', className, ...props }: DialogFormProps) {
  if (as === 'div')
    return (
      <div className={classNames(styles.form, className)} {...(props as HTMLAttributes<HTMLDivElement>)} />
    );
  return <form className={classNames(styles.form, className)} {...props} />;
}

/** A dialog form's muted lead line: what the form does, or what a group in it is for. */
export function DialogLead({ className, ...props }: DialogLeadProps) {
  return <p className={classNames(styles.lead, className)} {...props} />;
}
