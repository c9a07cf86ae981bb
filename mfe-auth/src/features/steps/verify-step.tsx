import { type FormEvent, useState } from 'react';
import { LinkButton, Stack } from '@trove/kit/ui';
import { codeError, codeOf, EMPTY_CODE, type CodeBoxes as Boxes } from '../auth-flow/one-time-code';
import { type OtpMeta, resendLabel } from '../auth-flow/otp-timer';
import { useCountdown } from '../auth-flow/use-countdown';
import { CodeBoxes } from '../code-input/code-boxes';
import { EmailChip, formStyles as styles, SubmitButton } from './form-parts';

const LEAD: Record<OtpMeta['purpose'], string> = {
  verify: 'To confirm this address is yours, enter the 6-digit code we just emailed you.',
  login2fa: 'Your account uses 2-step sign-in. Enter the 6-digit code we just emailed you.',
  reset: 'To reset your password, enter the 6-digit code we just emailed you.',
};

/**
 * docs/product/accounts.md#steps, docs/product/accounts.md#code-rules verify: the six boxes, the code messages (cleared on change), and Resend, disabled
 * until the resend time ("Resend in {n}s", then "Resend code").
 */
export function VerifyStep({
  otp,
  error,
  busy,
  onSubmit,
  onResend,
  onChangeEmail,
  onEdit,
}: {
  otp: OtpMeta;
  error: string | undefined;
  busy: boolean;
  onSubmit: (code: string) => void;
  onResend: () => void;
  onChangeEmail: () => void;
  onEdit: () => void;
}) {
  const [boxes, setBoxes] = useState<Boxes>(EMPTY_CODE);
  const [formatError, setFormatError] = useState<string | null>(null);
  const secondsLeft = useCountdown(otp.resendAt);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = codeOf(boxes);
    const problem = codeError(code);
    setFormatError(problem);
    if (problem === null) onSubmit(code);
  }

  return (
    <Stack as="form" gap={4} onSubmit={submit} noValidate>
      <EmailChip email={otp.target} onChange={onChangeEmail} disabled={busy} />
      <p className={styles.lead}>{LEAD[otp.purpose]}</p>
      <CodeBoxes
        boxes={boxes}
        error={formatError ?? error}
        onChange={(next) => {
          setBoxes(next);
          // docs/product/accounts.md#code-rules: the error clears when the value changes.
          setFormatError(null);
          onEdit();
        }}
      />
      <SubmitButton busy={busy} busyLabel="Verifying…">
        Verify
      </SubmitButton>
      <div className={styles.resendRow}>
        <span>Didn't get it?</span>
        <LinkButton disabled={secondsLeft > 0 || busy} onClick={onResend} aria-live="polite">
          {resendLabel(secondsLeft)}
        </LinkButton>
      </div>
    </Stack>
  );
}
