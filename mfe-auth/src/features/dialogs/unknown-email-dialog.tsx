import { Button, Stack, Text } from '@trove/kit/ui';
import * as styles from './dialogs.module.css';

/**
 * docs/product/accounts.md#unknown-email-dialog "Create your account" (the title is the popup's): "No account found for" + the masked
 * email, what signing up involves, and its two actions. It is opened without backdrop close.
 */
export function UnknownEmailDialog({
  maskedEmail,
  onUseDifferentEmail,
  onSignUp,
}: {
  maskedEmail: string;
  onUseDifferentEmail: () => void;
  onSignUp: () => void;
}) {
  return (
    <Stack gap={4}>
      <Text tone="muted" size="sm" className={styles.text}>
        No account found for{' '}
        <Text as="span" tone="strong" weight="semibold" breakAnywhere>
          {maskedEmail}
        </Text>
        . It only takes a minute to create one:
      </Text>
      <ol className={styles.steps}>
        <li>Verify your email with a 6-digit code</li>
        <li>Set a password</li>
        <li>Finish your profile</li>
      </ol>
      <div className={styles.actions}>
        <Button size="lg" onClick={onUseDifferentEmail}>
          Use a different email
        </Button>
        <Button variant="primary" size="lg" onClick={onSignUp}>
          Sign up &amp; continue
        </Button>
      </div>
    </Stack>
  );
}
