// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Text } from './text';

describe('Text', () => {
  afterEach(cleanup);

  it('is a paragraph in the surrounding colour and size unless asked', () => {
    render(<Text>Plain</Text>);
    const text = screen.getByText('Plain');
    expect(text.tagName).toBe('P');
    expect(text.dataset.tone).toBeUndefined();
    expect(text.dataset.size).toBeUndefined();
  });

  it('takes a tone, a size, another element, its props and the caller’s class last', () => {
    render(
      <Text as="span" tone="muted" size="xs" id="hint" className="mine">
        Read 2 documents
      </Text>,
    );
    const text = screen.getByText('Read 2 documents');
    expect(text.tagName).toBe('SPAN');
    expect(text.id).toBe('hint');
    expect({ ...text.dataset }).toMatchObject({ tone: 'muted', size: 'xs' });
    expect(text.className.split(' ').at(-1)).toBe('mine');
  });

  it('names a danger tone, a weight, figures in columns and breaking anywhere by data attributes', () => {
    render(
      <Text tone="danger" size="sm" weight="semibold" numeric breakAnywhere>
        3 of 12 failed
      </Text>,
    );
    const text = screen.getByText('3 of 12 failed');
    expect({ ...text.dataset }).toMatchObject({
      tone: 'danger',
      size: 'sm',
      weight: 'semibold',
      numeric: 'tabular',
      break: 'anywhere',
    });
  });
});
