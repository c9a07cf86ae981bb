// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EmptyState } from './empty-state';

describe('EmptyState', () => {
  afterEach(cleanup);

  it('says what will be here and offers the next step', () => {
    render(
      <EmptyState
        icon={<svg data-testid="icon" />}
        title="No files yet"
        titleAs="h3"
        description="Upload the files you want to search."
        actions={<button type="button">Upload</button>}
      />,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'No files yet' })).toBeDefined();
    expect(screen.getByText('Upload the files you want to search.')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDefined();
    expect(screen.getByTestId('icon').parentElement?.getAttribute('aria-hidden')).toBe('true');
  });

  it('is an h2 by default, or a paragraph inside a section that has its heading', () => {
    const { rerender } = render(<EmptyState title="Nothing here" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Nothing here' })).toBeDefined();
    rerender(<EmptyState title="No integrations match your filters." titleAs="p" />);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByText('No integrations match your filters.').tagName).toBe('P');
  });
});
