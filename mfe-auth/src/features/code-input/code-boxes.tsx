import { type ClipboardEvent, type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { Text } from '@trove/kit/ui';
import { type CodeBoxes as Boxes, CODE_LENGTH, enterDigits, eraseDigit } from '../auth-flow/one-time-code';
import { FieldError } from '../steps/form-parts';
import * as styles from './code-boxes.module.css';

/**
 * docs/product/accounts.md#code-rules: six single-digit boxes. One labelled group for screen readers (each box says which
 * digit it is); typing advances, Backspace goes back, a paste keeps the first six digits, and the first
 * box takes the phone's / password manager's `one-time-code` fill.
 */
export function CodeBoxes({
  boxes,
  error,
  onChange,
}: {
  boxes: Boxes;
  error: string | undefined;
  onChange: (boxes: Boxes) => void;
}) {
  const id = useId();
  const legendId = `${id}-legend`;
  const errorId = `${id}-error`;
  const inputs = useRef<(HTMLInputElement | null)[]>([]);

  useEffect(() => {
    inputs.current[0]?.focus();
  }, []);

  function focusBox(index: number) {
    const input = inputs.current[index];
    input?.focus();
    input?.select();
  }

  function enter(index: number, raw: string) {
    const next = enterDigits(boxes, index, raw);
    onChange(next.boxes);
    focusBox(next.focus);
  }

  function changed(index: number, value: string) {
    const previous = boxes[index] ?? '';
    // A virtual keyboard's delete may arrive as a change to '' with no usable key event.
    if (value === '') {
      onChange(eraseDigit(boxes, index).boxes);
      return;
    }
    // Typing into a filled box (the selection lost) gives the old digit plus the new one; a fill or a
    // paste of a whole code is kept whole.
    const whole = value.replace(/\D+/g, '').length >= CODE_LENGTH;
    enter(index, whole || previous === '' ? value : value.replace(previous, '') || value);
  }

  function onKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    // A digit typed over the same digit changes no value, so no change event would move focus on:
    // typed digits are taken here; fills, pastes and virtual keyboards still arrive as changes.
    if (/^\d$/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      enter(index, event.key);
    } else if (event.key === 'Backspace') {
      event.preventDefault();
      const next = eraseDigit(boxes, index);
      onChange(next.boxes);
      focusBox(next.focus);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < CODE_LENGTH - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  }

  function onPaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    enter(index, event.clipboardData.getData('text'));
  }

  return (
    <fieldset className={styles.group} aria-describedby={error ? errorId : undefined}>
      <Text as="legend" id={legendId} size="sm" weight="semibold" className={styles.legend}>
        Verification code
      </Text>
      <div className={styles.boxes}>
        {boxes.map((digit, index) => (
          <input
            // biome-ignore lint/suspicious/noArrayIndexKey: the six boxes are positions, never reordered.
            key={index}
            ref={(element) => {
              inputs.current[index] = element;
            }}
            className={styles.box}
            data-filled={digit !== '' || undefined}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            name={index === 0 ? 'one-time-code' : undefined}
            aria-label={`Digit ${index + 1} of ${CODE_LENGTH}`}
            aria-invalid={error ? true : undefined}
            value={digit}
            onFocus={(event) => event.currentTarget.select()}
            onChange={(event) => changed(index, event.currentTarget.value)}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={(event) => onPaste(index, event)}
          />
        ))}
      </div>
      <div className={styles.message}>
        <FieldError id={errorId} message={error} />
      </div>
    </fieldset>
  );
}
