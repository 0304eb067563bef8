import { useSite } from "~/lib/site-context";

/** The company mark and name; the mark is the favicon's drawing. */
export function Logo({ inverted = false, compact = false }: { inverted?: boolean; compact?: boolean }) {
  const site = useSite();
  const [first, ...rest] = site.name.split(" ");
  return (
    <span className="flex items-center gap-2.5">
      <svg viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" className="size-10 shrink-0">
        <rect width="40" height="40" rx="9" fill="#1e3a8a" />
        <path d="M11 31V14l9-5 9 5v17" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinejoin="round" />
        <path d="M16 31v-6h8v6" fill="#f97316" />
        <path d="M15 17h2m6 0h2m-10 4h2m6 0h2" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      </svg>
      {/* On the narrowest phones the header keeps only the mark; the name stays for screen readers. */}
      <span className={`flex flex-col leading-tight ${compact ? "sr-only min-[420px]:not-sr-only" : ""}`}>
        <span
          className={`text-lg font-extrabold tracking-tight ${inverted ? "text-white" : "text-brand-800 dark:text-white"}`}
        >
          {first}
        </span>{" "}
        <span
          className={`hidden text-xs font-medium uppercase tracking-wider min-[400px]:block ${inverted ? "text-slate-300" : "text-slate-500 dark:text-slate-400"}`}
        >
          {rest.join(" ")}
        </span>
      </span>
    </span>
  );
}
