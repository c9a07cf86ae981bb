// @vitest-environment happy-dom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NO_SNIPPET_TEXT, SnippetText } from './snippet-text';

describe('SnippetText', () => {
  it('renders the runs as text, the matched ones in <mark>, and never as HTML', () => {
    const { container } = render(
      <p>
        <SnippetText
          parts={[
            { text: 'TAX ', marked: false },
            { text: 'INVOICE', marked: true },
            { text: ' <img src=x onerror=alert(1)>', marked: false },
          ]}
        />
      </p>,
    );
    expect(container.querySelector('mark')?.textContent).toBe('INVOICE');
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('TAX INVOICE <img src=x onerror=alert(1)>');
  });

  it('says what a result with no text of its own matched by, instead of an empty line', () => {
    const { container } = render(
      <p>
        <SnippetText parts={[]} />
      </p>,
    );
    expect(container.textContent).toBe(NO_SNIPPET_TEXT);
    expect(container.querySelector('[data-tone="muted"]')).not.toBeNull();
  });
});
