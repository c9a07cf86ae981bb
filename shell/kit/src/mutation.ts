import { useCallback, useRef, useState } from 'react';
import { userMessage } from './api-client';

// One way for a form to save (issue 44 item 4): ten forms each held their own busy flag, error and "ignore a
// second click". A form asks `run` to do its request; while it runs the form is busy and a second submit does
// nothing; a failure becomes the form's message, in what the server said or the form's own words.

export interface Mutation {
  /** True while a request runs: the submit button shows it (`<Button busy>`). */
  busy: boolean;
  /** What went wrong last, to show at the form; cleared when the next run starts. */
  error: string | null;
  /**
   * Runs `action` unless one is running (then resolves to false at once). A failure sets `error` to the
   * server's message, else `fallback`. Resolves to true when the action succeeded.
   */
  run: (action: () => Promise<unknown>, fallback: string, options?: RunOptions) => Promise<boolean>;
  /** Runs the last action again, with its fallback; false when there is none. */
  retry: () => Promise<boolean>;
  /** For the form's own checks before it sends anything (an empty field, a malformed address). */
  setError: (message: string | null) => void;
}

export interface RunOptions {
  /**
   * The form goes away when the action succeeds (a dialog that closes): stay busy until it has, so its
   * button does not flick back to idle during the fade and a last click cannot send twice.
   */
  closesOnSuccess?: boolean;
}

export function useMutation(): Mutation {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A ref as well as the state: two submits in one tick both see the state as it was rendered.
  const running = useRef(false);
  const last = useRef<{ action: () => Promise<unknown>; fallback: string } | null>(null);

  const run = useCallback(
    async (action: () => Promise<unknown>, fallback: string, options: RunOptions = {}): Promise<boolean> => {
      if (running.current) return false;
      running.current = true;
      last.current = { action, fallback };
      setBusy(true);
      setError(null);
      try {
        await action();
        if (!options.closesOnSuccess) {
          running.current = false;
          setBusy(false);
        }
        return true;
      } catch (failure) {
        running.current = false;
        setBusy(false);
        setError(userMessage(failure, fallback));
        return false;
      }
    },
    [],
  );

  const retry = useCallback(async () => {
    const again = last.current;
    return again === null ? false : run(again.action, again.fallback);
  }, [run]);

  return { busy, error, run, retry, setError };
}
