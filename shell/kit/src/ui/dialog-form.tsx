import type { FormHTMLAttributes, HTMLAttributes } from 'react';
import { classNames } from './class-names';
import * as styles from './dialog-form.module.css';

export type DialogFormProps = FormHTMLAttributes<HTMLFormElement>;
export type DialogLeadProps = HTMLAttributes<HTMLParagraphElement>;

/** The form inside a popup's body: its parts in a column, a step apart. Every other prop goes to the form. */
export function DialogForm({ className, ...props }: DialogFormProps) {
  return <form className={classNames(styles.form, className)} {...props} />;
}

/** A dialog form's muted lead line: what the form does, or what a group in it is for. */
export function DialogLead({ className, ...props }: DialogLeadProps) {
  return <p className={classNames(styles.lead, className)} {...props} />;
}
