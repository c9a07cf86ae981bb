import type { SourceFolder, SourceTestResult } from '@trove/contracts';
import { userMessage } from '@trove/kit';
import { Text } from '@trove/kit/ui';
import { type FormEvent, type ReactNode, useState } from 'react';
import { FolderChoice, type FolderChoiceProps } from '../server-fields';
import * as styles from '../sources.module.css';
import { FormActions } from './form-actions';

// The frame the forms of sources named by an address share (the calendar's, the file share's, the
// repository's): the kind's fields, then Test, what it found to choose (calendars, folders, a branch), the
// save's error and the buttons. The kind gives its fields and words; the frame holds the test.

export type SourceTest =
  | { phase: 'idle' }
  | { phase: 'testing' }
  | { phase: 'failed'; reason: string; action: string }
  | { phase: 'passed'; folders: SourceFolder[] };

type Passed = Extract<SourceTestResult, { ok: true }>;

/** A test's state and the call that runs one: the service's words when it fails, `fallbackAction` when it cannot run. */
export function useSourceTest(fallbackAction: string) {
  const [test, setTest] = useState<SourceTest>({ phase: 'idle' });
  const runTest = async (ask: () => Promise<SourceTestResult>): Promise<Passed | null> => {
    setTest({ phase: 'testing' });
    try {
      const result = await ask();
      if (result.ok) {
        setTest({ phase: 'passed', folders: result.folders });
        return result;
      }
      setTest({ phase: 'failed', reason: result.reason, action: result.action });
    } catch (failure) {
      setTest({
        phase: 'failed',
        reason: userMessage(failure, 'The test could not run.'),
        action: fallbackAction,
      });
    }
    return null;
  };
  return { test, setTest, runTest };
}

/** The choice with `path` checked or not; `single` keeps at most one (a branch). */
export function toggled(current: ReadonlySet<string>, path: string, on: boolean, single = false) {
  const next = new Set(single ? [] : current);
  if (on) next.add(path);
  else next.delete(path);
  return next;
}

export interface SourceFormFrameProps {
  /** The form's `data-kind`, if it says one. */
  kind?: string | undefined;
  lede: ReactNode;
  /** The kind's fields. */
  children: ReactNode;
  test: SourceTest;
  words: { testing: string; passed: string; testButton: string };
  /** What a passed test offers to choose; null: nothing to choose. */
  choice: Omit<FolderChoiceProps, 'folders'> | null;
  /** The save's error (the kit's useMutation). */
  error: string | null;
  saving: boolean;
  saveLabel: string;
  onSubmit: (event: FormEvent) => void;
  onTest: () => void;
  onCancel: () => void;
}

export function SourceFormFrame({
  kind,
  lede,
  children,
  test,
  words,
  choice,
  error,
  saving,
  saveLabel,
  onSubmit,
  onTest,
  onCancel,
}: SourceFormFrameProps) {
  return (
    <form className={styles.form} noValidate onSubmit={onSubmit} data-kind={kind}>
      <Text tone="muted" size="sm">
        {lede}
      </Text>
      {children}
      <div className={styles.testResult} role="status" aria-live="polite">
        {test.phase === 'testing' ? <p className={styles.testing}>{words.testing}</p> : null}
        {test.phase === 'passed' ? (
          <p className={styles.passed}>
            <span aria-hidden="true">✓ </span>
            {words.passed}
          </p>
        ) : null}
        {test.phase === 'failed' ? (
          <div className={styles.failed}>
            <p className={styles.failedTitle}>{test.reason}</p>
            <p>{test.action}</p>
          </div>
        ) : null}
      </div>
      {test.phase === 'passed' && choice !== null ? (
        <FolderChoice folders={test.folders} {...choice} />
      ) : null}
      <FormActions
        error={error}
        onCancel={onCancel}
        check={{ label: words.testButton, busy: test.phase === 'testing', onPress: onTest }}
        submit={{ label: saveLabel, busy: saving }}
      />
    </form>
  );
}
