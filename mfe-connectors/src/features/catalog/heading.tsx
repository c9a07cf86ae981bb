import type { ReactNode } from 'react';

export type HeadingLevel = 2 | 3 | 4;

/** A heading whose level the host page picks, so the catalog fits its outline (WCAG 1.3.1). */
export function Heading({
  level,
  id,
  className,
  children,
}: {
  level: HeadingLevel;
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  const Tag = `h${level}` as const;
  return (
    <Tag id={id} className={className}>
      {children}
    </Tag>
  );
}
