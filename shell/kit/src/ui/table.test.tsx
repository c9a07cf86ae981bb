// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Table } from './table';

function rows() {
  return (
    <>
      <thead>
        <tr>
          <th scope="col">Plan</th>
          <th scope="col">Price</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">Pro</th>
          <td>799</td>
        </tr>
      </tbody>
    </>
  );
}

describe('Table', () => {
  afterEach(cleanup);

  it('is named by its caption, shown or for assistive technology only', () => {
    const { rerender } = render(<Table caption="Plans compared">{rows()}</Table>);
    expect(screen.getByRole('table', { name: 'Plans compared' })).toBeDefined();
    rerender(
      <Table caption="Plans compared" captionHidden>
        {rows()}
      </Table>,
    );
    expect(screen.getByRole('table', { name: 'Plans compared' })).toBeDefined();
    expect(screen.getByText('Plans compared').tagName).toBe('CAPTION');
  });

  it('scrolls in a box a keyboard can reach, framed unless asked not to be', () => {
    const { container, rerender } = render(<Table caption="Plans">{rows()}</Table>);
    const box = container.firstElementChild as HTMLElement;
    expect(box.tabIndex).toBe(0);
    expect(box.dataset.framed).toBe('');
    rerender(
      <Table caption="Plans" framed={false} className="mine">
        {rows()}
      </Table>,
    );
    expect(box.dataset.framed).toBeUndefined();
    expect(screen.getByRole('table').className).toContain('mine');
    expect(screen.getByRole('rowheader', { name: 'Pro' })).toBeDefined();
  });
});
