import { Button, Cluster, Text } from '@trove/kit/ui';
import * as styles from '../sources.module.css';

// The foot of every source form (a mailbox's, a database's, an address's): why the save failed, if it did, then
// Cancel, the check that reads the source (Test or Preview) and the save.

export interface FormActionsProps {
  /** Why the last save failed, said where the buttons are. */
  error: string | null;
  onCancel: () => void;
  /** The check: "Test", "Test again", "Preview"…; busy while it runs. */
  check: { label: string; busy: boolean; disabled?: boolean; onPress: () => void };
  /** The form's submit: "Connect", "Save"; busy while it saves. */
  submit: { label: string; busy: boolean; disabled?: boolean };
}

export function FormActions({ error, onCancel, check, submit }: FormActionsProps) {
  return (
    <>
      {error ? (
        <Text tone="danger" size="sm" role="alert">
          {error}
        </Text>
      ) : null}
      <Cluster gap={2} justify="end" className={styles.formActions}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button busy={check.busy} disabled={check.disabled} onClick={check.onPress}>
          {check.label}
        </Button>
        <Button type="submit" variant="primary" busy={submit.busy} disabled={submit.disabled}>
          {submit.label}
        </Button>
      </Cluster>
    </>
  );
}
