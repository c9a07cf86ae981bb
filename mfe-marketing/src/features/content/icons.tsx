import type { ReactNode } from 'react';

/** Line icons drawn for this page (24px grid, currentColor), so the landing ships no icon library. */
const paths = {
  search: <path d="M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14Zm9 16-4.2-4.2" />,
  people: (
    <path d="M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Zm-6 9c0-3.3 2.7-5.5 6-5.5s6 2.2 6 5.5M16 4.5a3.5 3.5 0 0 1 0 6.5m2 3.6c1.8.8 3 2.6 3 5.4" />
  ),
  spark: <path d="M12 3v4m0 10v4M3 12h4m10 0h4M6 6l2.5 2.5m7 7L18 18M18 6l-2.5 2.5m-7 7L6 18" />,
  send: <path d="m4 12 16-8-6 16-2.5-6.5L4 12Zm7.5 1.5L20 4" />,
  device: <path d="M7 3h10a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1Zm4 15h2" />,
  key: <path d="M14 10a4 4 0 1 0-3.9 4.9L8 17v2H6v2H3v-3l6.1-6.1A4 4 0 0 0 14 10Zm1.5-3.5h.01" />,
  eyeOff: (
    <path d="M3 3l18 18M10.6 5.1A9.8 9.8 0 0 1 12 5c5 0 9 4.5 10 7a12.6 12.6 0 0 1-3 4.2M6.6 6.6C4.4 8 2.8 10.1 2 12c1 2.5 5 7 10 7a9.7 9.7 0 0 0 4.4-1M9.9 9.9a3 3 0 0 0 4.2 4.2" />
  ),
  lock: <path d="M6 10h12v10H6V10Zm2 0V7a4 4 0 1 1 8 0v3m-4 4v2" />,
  bolt: <path d="M13 2 4 14h7l-1 8 9-12h-7l1-8Z" />,
  plug: <path d="M9 3v5m6-5v5M6 8h12v3a6 6 0 0 1-12 0V8Zm6 9v4" />,
  shield: <path d="M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6l-8-3Zm-3 9 2 2 4-4" />,
  calendar: <path d="M4 6h16v14H4V6Zm0 4h16M8 3v5m8-5v5" />,
  chat: <path d="M4 5h16v11H9l-5 4V5Z" />,
  flow: <path d="M6 4v6a4 4 0 0 0 4 4h8m0 0-3-3m3 3-3 3M6 20a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z" />,
  link: (
    <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7L12 6.3M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
  ),
  database: (
    <path d="M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3Zm0 0v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3" />
  ),
  id: (
    <path d="M3 5h18v14H3V5Zm5 10c.5-1.5 1.6-2 3-2s2.5.5 3 2M11 11a2 2 0 1 0 0-4 2 2 0 0 0 0 4Zm5-1h3m-3 3h3" />
  ),
  chart: <path d="M4 20V4m0 16h16M8 16v-4m4 4V8m4 8v-6" />,
  check: <path d="m5 12 5 5 9-10" />,
  download: <path d="M12 4v11m0 0-4-4m4 4 4-4M5 19h14" />,
  close: <path d="M6 6l12 12M18 6 6 18" />,
  arrow: <path d="M5 12h14m0 0-5-5m5 5-5 5" />,
  file: <path d="M7 3h7l5 5v13H7V3Zm7 0v5h5" />,
  mail: <path d="M4 6h16v12H4V6Zm0 0 8 7 8-7" />,
} as const satisfies Record<string, ReactNode>;

export type IconName = keyof typeof paths;

export function Icon({ name, size = 20, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {paths[name]}
    </svg>
  );
}
