import { useCountdown } from '../auth-flow/use-countdown';
import { Button, Stack, Text } from '@trove/kit/ui';
import * as styles from './dialogs.module.css';

/**
 * docs/product/accounts.md#verify-email-dialog verify-your-email dialog: shown when login says the email is unverified — the masked email,
 * the resend countdown in seconds, "Use different email" and "Verify now".
 */
export function VerifyEmailDialog({
  maskedEmail,
  resendAt,
  onUseDifferentEmail,
  onVerifyNow,
}: {
  maskedEmail: string;
  resendAt: number;
  onUseDifferentEmail: () => void;
  onVerifyNow: () => void;
}) {
  const secondsLeft = useCountdown(resendAt);
  return (
    <Stack gap={4}>
      <Text tone="muted" size="sm" className={styles.text}>
        Your email{' '}
        <Text as="span" tone="strong" weight="semibold" breakAnywhere>
          {maskedEmail}
        </Text>{' '}
        isn't verified yet. We've sent a 6-digit code to it — enter it to finish signing in.
      </Text>
      <Text tone="muted" size="sm">
        {secondsLeft > 0
          ? `You can ask for a new code in ${secondsLeft}s.`
          : 'You can ask for a new code now.'}
      </Text>
      <div className={styles.actions}>
        <Button size="lg" onClick={onUseDifferentEmail}>
          Use different email
        </Button>
        <Button variant="primary" size="lg" onClick={onVerifyNow}>
          Verify now
        </Button>
      </div>
    </Stack>
  );
}
