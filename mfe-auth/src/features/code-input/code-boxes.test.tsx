// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { type CodeBoxes as Boxes, codeOf, EMPTY_CODE } from '../auth-flow/one-time-code';
import { CodeBoxes } from './code-boxes';

let latest = '';
function Harness({ initial = EMPTY_CODE }: { initial?: Boxes }) {
  const [boxes, setBoxes] = useState<Boxes>(initial);
  latest = codeOf(boxes);
  return <CodeBoxes boxes={boxes} error={undefined} onChange={setBoxes} />;
}

const box = (n: number) => screen.getByRole('textbox', { name: `Digit ${n} of 6` });

afterEach(cleanup);

describe('CodeBoxes (docs/product/accounts.md#code-rules)', () => {
  it('is one labelled group of six boxes; the first takes the one-time-code fill', () => {
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeTruthy();
    expect(screen.getAllByRole('textbox')).toHaveLength(6);
    expect(box(1).getAttribute('autocomplete')).toBe('one-time-code');
    expect(box(1).getAttribute('inputmode')).toBe('numeric');
  });

  it('typing advances, even over the same digit', () => {
    render(<Harness initial={['0', '0', '0', '0', '0', '0']} />);
    for (const [index, key] of [...'103050'].entries()) fireEvent.keyDown(box(index + 1), { key });
    expect(latest).toBe('103050');
    expect(document.activeElement).toBe(box(6));
  });

  it('Backspace goes back', () => {
    render(<Harness initial={['1', '2', '', '', '', '']} />);
    fireEvent.keyDown(box(3), { key: 'Backspace' });
    expect(latest).toBe('1');
    expect(document.activeElement).toBe(box(2));
  });

  it('a paste keeps the first six digits', () => {
    render(<Harness />);
    fireEvent.paste(box(1), { clipboardData: { getData: () => 'Code: 987 654 321' } });
    expect(latest).toBe('987654');
  });

  it('a one-time-code fill of the first box fills all six', () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: '246810' } });
    expect(latest).toBe('246810');
  });

  it('a letter is ignored', () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: 'a' } });
    expect(latest).toBe('');
  });
});
