// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PageHeader } from './page-header';

describe('PageHeader', () => {
  afterEach(cleanup);

  it('is the page’s one h1 with its lede', () => {
    render(
      <PageHeader title="Uploads" lede="Files you add to your searchable library." titleId="uploads-title" />,
    );
    const heading = screen.getByRole('heading', { level: 1, name: 'Uploads' });
    expect(heading.id).toBe('uploads-title');
    expect(screen.getByText('Files you add to your searchable library.').tagName).toBe('P');
    expect(screen.getAllByRole('heading')).toHaveLength(1);
  });

  it('draws no empty lede', () => {
    const { container } = render(<PageHeader title="Profile" />);
    expect(container.querySelector('p')).toBeNull();
  });
});
