// @vitest-environment happy-dom
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AVATAR_DEFAULT_SIZE, Avatar } from './avatar';

function avatarOf(container: HTMLElement): HTMLElement {
  const element = container.firstElementChild;
  if (!(element instanceof HTMLElement)) throw new Error('no avatar rendered');
  return element;
}

describe('Avatar (docs/product/shell.md#avatar)', () => {
  afterEach(cleanup);

  it('shows the initials of up to two words, else "U"', () => {
    const { container, rerender } = render(<Avatar name="Ada King Lovelace" />);
    expect(avatarOf(container).dataset.initials).toBe('AK');
    rerender(<Avatar name="  " />);
    expect(avatarOf(container).dataset.initials).toBe('U');
    rerender(<Avatar name={null} />);
    expect(avatarOf(container).dataset.initials).toBe('U');
  });

  it('is 72px by default and takes another size', () => {
    expect(AVATAR_DEFAULT_SIZE).toBe(72);
    const { container, rerender } = render(<Avatar name="Ada" />);
    expect(avatarOf(container).style.getPropertyValue('--avatar-size')).toBe('72px');
    rerender(<Avatar name="Ada" size={96} />);
    expect(avatarOf(container).style.getPropertyValue('--avatar-size')).toBe('96px');
  });

  it('shows the image, and the initials again when the image fails to load', () => {
    const { container } = render(<Avatar name="Ada Lovelace" image="/ada.png" />);
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/ada.png');
    expect(avatarOf(container).dataset.initials).toBeUndefined();
    fireEvent.error(img as HTMLImageElement);
    expect(container.querySelector('img')).toBeNull();
    expect(avatarOf(container).dataset.initials).toBe('AL');
  });

  it('is decoration: hidden from assistive technology, with an empty alt', () => {
    const { container } = render(<Avatar name="Ada" image="/ada.png" />);
    expect(avatarOf(container).getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelector('img')?.getAttribute('alt')).toBe('');
  });

  it('draws an icon instead of initials when given one', () => {
    const { container } = render(<Avatar name="Guest" icon={<svg data-testid="icon" />} />);
    expect(avatarOf(container).dataset.initials).toBeUndefined();
    expect(avatarOf(container).dataset.icon).toBe('');
    expect(container.querySelector('[data-testid="icon"]')).not.toBeNull();
  });
});
