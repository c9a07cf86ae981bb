// Line icons in the shell's style (24px grid, 1.8 stroke, currentColor); decorative, so hidden from AT.

const common = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  focusable: false,
} as const;

export function UploadCloudIcon({ size = 20 }: { size?: number }) {
  return (
    <svg aria-hidden="true" {...common} width={size} height={size}>
      <path d="M7 18a4.5 4.5 0 0 1-.6-8.96A6 6 0 0 1 18 8.5a4 4 0 0 1-.5 9.5" />
      <path d="M12 12v8M8.5 15.5 12 12l3.5 3.5" />
    </svg>
  );
}

export function FileIcon() {
  return (
    <svg aria-hidden="true" {...common}>
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
      <path d="M14 3v5h5M9 13h6M9 17h4" />
    </svg>
  );
}

export function TrashIcon() {
  return (
    <svg aria-hidden="true" {...common} width={18} height={18}>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
    </svg>
  );
}

export function SearchIcon() {
  return (
    <svg aria-hidden="true" {...common} width={18} height={18}>
      <circle cx="11" cy="11" r="6.5" />
      <path d="m20 20-4.2-4.2" />
    </svg>
  );
}

export function CloseIcon() {
  return (
    <svg aria-hidden="true" {...common} width={16} height={16}>
      <path d="M6 6l12 12M18 6 6 18" />
    </svg>
  );
}
