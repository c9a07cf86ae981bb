// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { PlaybookPreviewView } from './playground-page';

afterEach(cleanup);

describe('a playbook preview (issue 38)', () => {
  it('"Connect sources" goes to the user’s Connections, not the public catalog', () => {
    render(
      <MemoryRouter>
        <PlaybookPreviewView
          playbook={{
            id: 'invoice-finder',
            name: 'Invoice finder',
            dept: 'Finance',
            bullets: [],
            steps: [],
            tags: [],
            connectors: ['gmail'],
            difficulty: 'basic',
          }}
          connectorNames={new Map([['gmail', 'Gmail']])}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Connect sources' }).getAttribute('href')).toBe('/connections');
  });
});
