import type { ReactNode } from "react";
import { HeroBadge } from "./badge";

export interface PageHeroProps {
  badge: ReactNode;
  title: string;
  children?: ReactNode;
}

/** The dark banner that opens the inner pages. */
export function PageHero({ badge, title, children }: PageHeroProps) {
  return (
    <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-slate-900 text-white">
      <div className="container-page flex flex-col gap-5 py-16 sm:py-20">
        <HeroBadge>{badge}</HeroBadge>
        <h1 className="max-w-4xl text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        {children}
      </div>
    </section>
  );
}
