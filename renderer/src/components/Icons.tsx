import type { ReactNode } from 'react';

// Icons drawn inline (no remote content under the CSP). Always shown next to a text label or
// inside a control that has an accessible name, so they are hidden from assistive technology.

function Svg({ children, size = 18 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const AMENITY_ICONS: Record<string, () => ReactNode> = {
  wifi: () => (
    <Svg>
      <path d="M2.5 9a14 14 0 0 1 19 0" />
      <path d="M5.5 12.5a9.5 9.5 0 0 1 13 0" />
      <path d="M8.7 15.8a5 5 0 0 1 6.6 0" />
      <circle cx="12" cy="19" r="1" fill="currentColor" />
    </Svg>
  ),
  usb: () => (
    <Svg>
      <path d="M12 3v15" />
      <path d="M9.5 5.5 12 3l2.5 2.5" />
      <path d="M12 14l-4-2.5V9" />
      <path d="M12 12l4-2V7.5" />
      <rect x="14.8" y="5.5" width="2.4" height="2.4" />
      <circle cx="8" cy="8" r="1.2" />
      <circle cx="12" cy="19.5" r="1.8" />
    </Svg>
  ),
  toilet: () => (
    <Svg>
      <circle cx="7" cy="4.5" r="1.6" />
      <circle cx="17" cy="4.5" r="1.6" />
      <path d="M5 8h4v6H8v7H6v-7H5z" />
      <path d="M17 8l3 8h-2v5h-2v-5h-2z" />
    </Svg>
  ),
  air_conditioning: () => (
    <Svg>
      <path d="M12 2v20M4.5 6.5l15 11M19.5 6.5l-15 11" />
      <path d="M9.5 3.5 12 5.5l2.5-2M9.5 20.5 12 18.5l2.5 2" />
    </Svg>
  ),
  entertainment: () => (
    <Svg>
      <rect x="3" y="4" width="18" height="12" rx="1.5" />
      <path d="M10 8l4 2-4 2z" fill="currentColor" />
      <path d="M8 20h8M12 16v4" />
    </Svg>
  ),
  refreshments: () => (
    <Svg>
      <path d="M5 8h11v6a5 5 0 0 1-5 5h-1a5 5 0 0 1-5-5z" />
      <path d="M16 10h1.5a2.5 2.5 0 0 1 0 5H16" />
      <path d="M8 2.5v3M11 2.5v3M14 2.5v3" />
    </Svg>
  ),
  blanket: () => (
    <Svg>
      <path d="M4 5h13a3 3 0 0 1 3 3v11H7a3 3 0 0 1-3-3z" />
      <path d="M4 10h16M4 15h16" />
    </Svg>
  ),
  extra_legroom: () => (
    <Svg>
      <path d="M6 3v10a3 3 0 0 0 3 3h6" />
      <path d="M6 13h7" />
      <path d="M15 19h6M18 16.5 20.5 19 18 21.5" />
    </Svg>
  ),
  power_socket: () => (
    <Svg>
      <rect x="3.5" y="3.5" width="17" height="17" rx="3" />
      <path d="M9.5 9v3M14.5 9v3" />
      <path d="M9 15.5h6" />
    </Svg>
  ),
};

/**
 * The amenity icons once, as symbols; each row then draws `<use>` of them (two DOM nodes per
 * icon instead of a whole drawing: a long results list stays light). Rendered by the list.
 */
export function AmenitySprite() {
  return (
    <svg className="sprite" aria-hidden="true" focusable="false" width="0" height="0">
      {Object.entries(AMENITY_ICONS).map(([name, draw]) => (
        <symbol key={name} id={`amenity-${name}`}>
          {draw()}
        </symbol>
      ))}
    </svg>
  );
}

export function AmenityIcon({ amenity }: { amenity: string }) {
  if (!AMENITY_ICONS[amenity]) return null;
  return (
    <svg className="icon" width={16} height={16} viewBox="0 0 18 18" aria-hidden="true" focusable="false">
      <use href={`#amenity-${amenity}`} />
    </svg>
  );
}

export const CellIcons = {
  driver: () => (
    <Svg size={26}>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="2.2" />
      <path d="M3.5 10.5h6.3M14.2 10.5h6.3M12 14.2V21" />
    </Svg>
  ),
  door: () => (
    <Svg size={22}>
      <path d="M5 21V4a1 1 0 0 1 1-1h12a1 1 0 0 1 1 1v17" />
      <path d="M3 21h18" />
      <circle cx="15.5" cy="12.5" r="1" fill="currentColor" />
    </Svg>
  ),
  stairs: () => (
    <Svg size={22}>
      <path d="M3 20h5v-5h5v-5h5V5h3" />
    </Svg>
  ),
  wc: () => AMENITY_ICONS.toilet?.() ?? null,
  table: () => (
    <Svg size={22}>
      <rect x="3" y="8" width="18" height="5" rx="1" />
      <path d="M6 13v6M18 13v6" />
    </Svg>
  ),
};

export function SwapIcon() {
  return (
    <Svg>
      <path d="M4 8h14l-4-4M20 16H6l4 4" />
    </Svg>
  );
}

export function CheckIcon({ size = 18 }: { size?: number }) {
  return (
    <Svg size={size}>
      <path d="M4.5 12.5l5 5 10-11" />
    </Svg>
  );
}

export function GearIcon() {
  return (
    <Svg>
      <circle cx="12" cy="12" r="3" />
      <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
    </Svg>
  );
}

export function LockIcon() {
  return (
    <Svg size={14}>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </Svg>
  );
}

export function PrinterIcon() {
  return (
    <Svg>
      <path d="M6 9V3h12v6" />
      <rect x="3" y="9" width="18" height="8" rx="2" />
      <path d="M6 14h12v7H6z" />
    </Svg>
  );
}

export function Spinner({ label }: { label?: string }) {
  return <span className="spinner" role={label ? 'progressbar' : undefined} aria-label={label} aria-hidden={label ? undefined : true} />;
}
