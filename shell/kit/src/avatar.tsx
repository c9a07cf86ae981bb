import { type CSSProperties, type ReactNode, useEffect, useState } from 'react';
import * as styles from './avatar.module.css';
import { initials } from './user-labels';

/** docs/product/shell.md#avatar Avatar / docs/product/shell.md#avatar: 72px unless a screen asks for another size (the profile page uses 96). */
export const AVATAR_DEFAULT_SIZE = 72;

export interface AvatarProps {
  /** Whose avatar: its initials (up to two words, else "U") stand in when there is no image. */
  name: string | null | undefined;
  image?: string | null;
  /** Pixels, width and height. */
  size?: number;
  /** Drawn instead of the initials, muted (the account menu's guest). */
  icon?: ReactNode;
  className?: string;
}

/**
 * One avatar for the whole product (docs/product/shell.md#avatar): the image, else the initials, else "U". It is decoration
 * (`aria-hidden`): the name it stands for is always written next to it or is the control's own label.
 * The initials are drawn by CSS from `data-initials`, so as text they can never clash with the accessible
 * name of a button that wraps the avatar (axe label-content-name-mismatch).
 */
export function Avatar({ name, image, size = AVATAR_DEFAULT_SIZE, icon, className }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  // A new image gets a new chance to load.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the image is the trigger, not a value read.
  useEffect(() => setFailed(false), [image]);
  const showImage = Boolean(image) && !failed;
  const style = { '--avatar-size': `${size}px` } as CSSProperties;
  return (
    <span
      className={className ? `${styles.avatar} ${className}` : styles.avatar}
      style={style}
      data-initials={showImage || icon ? undefined : initials(name)}
      data-icon={!showImage && icon ? '' : undefined}
      aria-hidden="true"
    >
      {showImage ? (
        <img className={styles.image} src={image ?? undefined} alt="" onError={() => setFailed(true)} />
      ) : (
        icon
      )}
    </span>
  );
}
