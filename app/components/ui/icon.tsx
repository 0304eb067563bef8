import type { IconName } from "~/content/types";

// A small, self-drawn stroke icon set (24×24 grid). Inline SVG: no request, no icon font,
// and it inherits the text colour, so it follows the theme.
type UiIconName =
  | IconName
  | "menu"
  | "x"
  | "chevron-down"
  | "arrow-right"
  | "arrow-left"
  | "lock"
  | "whatsapp"
  | "quote"
  | "heading-2"
  | "heading-3"
  | "list"
  | "list-ordered"
  | "link"
  | "image"
  | "undo"
  | "redo"
  | "alert-circle"
  | "check-circle"
  | "loader";

const paths: Record<UiIconName, string> = {
  droplets: "M12 3c3 4 6 7.2 6 10.5A6 6 0 0 1 6 13.5C6 10.2 9 7 12 3Z M9.5 14.5a2.5 2.5 0 0 0 2.5 2.5",
  building:
    "M5 21V4a1 1 0 0 1 1-1h8a1 1 0 0 1 1 1v17 M15 9h3a1 1 0 0 1 1 1v11 M3 21h18 M8 7h1 M11 7h1 M8 11h1 M11 11h1 M8 15h1 M11 15h1 M9 21v-3h2v3",
  spray: "M6 21h6V10H6Z M7 10V7h4v3 M9 7V4 M15 5l4-2 M15 8h5 M15 11l4 2",
  "paint-roller": "M4 4h13v5H4Z M17 6h3v6h-8v3 M10 15h4v6h-4Z",
  grid: "M4 4h16v16H4Z M4 9.3h16 M4 14.6h16 M9.3 4v16 M14.6 4v16",
  wrench: "M14.5 6.5a4 4 0 0 0 5 5l-9 9a2.1 2.1 0 0 1-3-3l9-9a4 4 0 0 0-2-2Z M16 3.5l-1.5 3 3 3 3-1.5",
  layers: "M12 3 3 8l9 5 9-5-9-5Z M3 13l9 5 9-5 M3 17.5l9 4.5 9-4.5",
  "clipboard-check": "M9 4h6v3H9Z M15 5h3v16H6V5h3 M9 14l2 2 4-4",
  "shield-check": "M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6l-7-3Z M9 12l2 2 4-4",
  users:
    "M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Z M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6 M16 4.5a3.5 3.5 0 0 1 0 6.5 M18 14c2 .8 3 2.8 3 6",
  award: "M12 14a5.5 5.5 0 1 0 0-11 5.5 5.5 0 0 0 0 11Z M8.5 13 7 21l5-3 5 3-1.5-8",
  clock: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z M12 7v5l3 2",
  handshake:
    "M3 11l4-4 4 2 3-2 7 5 M11 9l-3 3a1.5 1.5 0 0 0 2 2l2-1.5 M8 16l2 2 M11 15l2 2 M14 13.5l2 2 M3 11v4l5 4",
  "file-text": "M14 3H6v18h12V7Z M14 3v4h4 M9 12h6 M9 16h6",
  "badge-check":
    "M12 3l2.4 1.8 3-.2.9 2.9 2.5 1.7-1 2.8 1 2.8-2.5 1.7-.9 2.9-3-.2L12 21l-2.4-1.8-3 .2-.9-2.9L3.2 14.8l1-2.8-1-2.8 2.5-1.7.9-2.9 3 .2Z M9 12l2 2 4-4",
  headset:
    "M4 15v-3a8 8 0 0 1 16 0v3 M4 14h3v6H5a1 1 0 0 1-1-1Z M20 14h-3v6h2a1 1 0 0 0 1-1Z M17 20c0 1-1 1.5-3 1.5",
  "hard-hat": "M3 17h18v3H3Z M5 17v-3a7 7 0 0 1 14 0v3 M10 7V5h4v2 M12 7v5",
  phone: "M5 4h3l2 5-2.5 1.5a11 11 0 0 0 6 6L15 14l5 2v3a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2Z",
  mail: "M3 5h18v14H3Z M3 6l9 7 9-7",
  "map-pin":
    "M12 21s-7-6.1-7-11.5a7 7 0 0 1 14 0C19 14.9 12 21 12 21Z M12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z",
  calendar: "M4 6h16v15H4Z M4 10h16 M8 3v5 M16 3v5",
  "message-circle": "M21 11.5a8.5 8.5 0 0 1-12.4 7.6L3 21l1.9-5.6A8.5 8.5 0 1 1 21 11.5Z",
  star: "M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1-5.4-2.9-5.4 2.9 1-6.1-4.4-4.3 6.1-.9Z",
  check: "M5 12.5l4.5 4.5L19 7.5",
  menu: "M4 6h16 M4 12h16 M4 18h16",
  x: "M6 6l12 12 M18 6 6 18",
  "chevron-down": "M6 9l6 6 6-6",
  "arrow-right": "M5 12h14 M13 6l6 6-6 6",
  "arrow-left": "M19 12H5 M11 6l-6 6 6 6",
  lock: "M5 11h14v10H5Z M8 11V7a4 4 0 0 1 8 0v4",
  whatsapp:
    "M20.5 11.8a8.5 8.5 0 0 1-12.6 7.4L3.5 20.5l1.3-4.3A8.5 8.5 0 1 1 20.5 11.8Z M9 8.5c0 3.5 2.5 6.5 6.5 6.5l1-1.8-2-1-1 1c-1.2-.5-2.2-1.5-2.7-2.7l1-1-1-2L9 8.5Z",
  quote: "M9 7H5v5h4v1a3 3 0 0 1-3 3 M19 7h-4v5h4v1a3 3 0 0 1-3 3",
  "heading-2": "M3 6v12 M11 6v12 M3 12h8 M15 10.5a2.5 2.5 0 0 1 5 0c0 2.5-5 3.5-5 7.5h5",
  "heading-3": "M3 6v12 M11 6v12 M3 12h8 M15 8h5l-3 4a3 3 0 1 1-2.6 4.5",
  list: "M9 6h11 M9 12h11 M9 18h11 M4 6h1 M4 12h1 M4 18h1",
  "list-ordered": "M10 6h10 M10 12h10 M10 18h10 M4 4h1.5v5 M4 9h3 M4 15a1.5 1.5 0 0 1 3 0c0 1.5-3 2.2-3 4h3",
  link: "M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1.5 1.5 M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1.5-1.5",
  image: "M4 5h16v14H4Z M4 16l5-5 4 4 2-2 5 5 M14 9a1.5 1.5 0 1 0 3 0 1.5 1.5 0 1 0-3 0",
  undo: "M9 14 4 9l5-5 M4 9h10.5a5.5 5.5 0 0 1 0 11H11",
  redo: "M15 14l5-5-5-5 M20 9H9.5a5.5 5.5 0 0 0 0 11H13",
  "alert-circle": "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z M12 7.5v5.5 M12 16.5v.01",
  "check-circle": "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z M8.5 12.5l2.5 2.5 4.5-5",
  loader: "M12 3a9 9 0 1 0 9 9",
};

export interface IconProps {
  name: UiIconName;
  className?: string;
  /** Accessible name; without it the icon is decorative and hidden from assistive tech. */
  label?: string;
}

export function Icon({ name, className = "size-5", label }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}
