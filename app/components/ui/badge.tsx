import type { ReactNode } from "react";

/** Pill label shown above hero titles. */
export function HeroBadge({ children }: { children: ReactNode }) {
  return (
    <p className="inline-flex w-fit items-center gap-2 rounded-full border border-white/25 bg-white/10 px-4 py-1.5 text-sm font-medium text-white backdrop-blur">
      {children}
    </p>
  );
}
