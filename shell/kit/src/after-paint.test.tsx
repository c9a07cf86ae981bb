// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAfterPaint } from './after-paint';

afterEach(cleanup);

function Page() {
  const later = useAfterPaint();
  return (
    <>
      <h1>First screen</h1>
      {later ? <p>Below the fold</p> : null}
    </>
  );
}

describe('useAfterPaint', () => {
  it('leaves the later part out of the first commit, and renders it after the next frame', async () => {
    render(<Page />);
    expect(screen.getByRole('heading').textContent).toBe('First screen');
    expect(screen.queryByText('Below the fold')).toBeNull();
    await act(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    });
    expect(await screen.findByText('Below the fold')).toBeTruthy();
  });
});
