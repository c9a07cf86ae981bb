// @vitest-environment happy-dom
import { LANDING_SEARCH_EXAMPLE } from '@trove/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Providers } from '../testing/landing-test-kit';
import FeatureGrid from './feature-grid';

afterEach(cleanup);

describe('the feature grid', () => {
  it('the search card shows the product’s syntax and how the search reads it (issue 19 item 4)', () => {
    render(<FeatureGrid />, { wrapper: Providers });
    expect(screen.getByText(LANDING_SEARCH_EXAMPLE)).toBeTruthy();
    expect(screen.getByText(/the word renewal · sent by finance · on or after 1 Apr 2024/)).toBeTruthy();
    expect(screen.getAllByTestId('feature-card')).toHaveLength(12);
  });
});
