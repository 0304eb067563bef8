import { type ReactNode, useEffect, useRef, useState } from "react";
import { Icon } from "~/components/ui/icon";

/**
 * A table wider than its card scrolls sideways in a box of its own, never the page. Shadows at
 * its edges show that more is hidden (CSS alone, app.css `scroll-shadows`, so also without
 * JavaScript); with it, a line above says so in words, only while the table is wider than the box.
 * The box takes focus, so the keyboard scrolls it too (WCAG 2.1.1).
 */
export function TableScroller({
  label,
  className = "",
  children,
}: {
  /** The region's name: the table's caption and "(tabela)". */
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLElement>(null);
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setOverflowing(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    return () => observer.disconnect();
  }, []);
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <p
        hidden={!overflowing}
        className="flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-400"
      >
        Deslize para ver mais
        <Icon name="arrow-right" className="size-4" />
      </p>
      <section
        ref={box}
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1)
        tabIndex={0}
        className="scroll-shadows max-w-full overflow-x-auto"
      >
        {children}
      </section>
    </div>
  );
}
