import { type ReactNode, useId } from "react";
import { formatCount } from "~/lib/count-format";
import { TableScroller } from "./table-scroller";

// Charts drawn by the server as HTML and CSS, with no script: each is an image with a name and a
// description (role="img") and sits beside a table of the same numbers, which is what screen
// readers and keyboard users read. Their text is the page's own text, never scaled: an SVG drawn
// for 640 px and shrunk to a phone made 13 px labels 7 px tall.

export interface ChartBar {
  label: string;
  value: number;
}

const BAR = "bg-brand-700 dark:bg-brand-300";
const TEXT = "text-slate-700 dark:text-slate-200";

function describe(title: string, bars: ChartBar[]): string {
  if (!bars.length) return `${title}: nenhum dado.`;
  return `${title}: ${bars.map((bar) => `${bar.label}, ${formatCount(bar.value)}`).join("; ")}.`;
}

/** The chart's frame: an image named by its title, described by every value. */
function ChartImage({ title, bars, children }: { title: string; bars: ChartBar[]; children: ReactNode }) {
  const id = useId();
  return (
    <div role="img" aria-label={title} aria-describedby={id} className="@container w-full max-w-3xl">
      <span id={id} hidden>
        {describe(title, bars)}
      </span>
      {children}
    </div>
  );
}

const share = (value: number, max: number) => (max > 0 ? Math.max(0, value) / max : 0);

/**
 * The widths the column chart is laid out for, in px: the narrowest card it sits in (a 390 px
 * phone leaves about 300), then its container's @md, @xl and @2xl breakpoints. At each, as many labels
 * and values show as fit; the table beside the chart has them all.
 */
const WIDTHS = [
  { px: 300, show: "visible", hide: "invisible" },
  { px: 448, show: "@md:visible", hide: "@md:invisible" },
  { px: 576, show: "@xl:visible", hide: "@xl:invisible" },
  { px: 672, show: "@2xl:visible", hide: "@2xl:invisible" },
] as const;
/** About the width of one 12 px digit or slash, and the room kept between two labels. */
const CHAR_PX = 7;
const LABEL_GAP_PX = 10;

function shownAt(shown: (width: number) => boolean): string {
  return WIDTHS.map((width) => (shown(width.px) ? width.show : width.hide)).join(" ");
}

/** Vertical bars over time (the weeks), their value above each. */
export function ColumnChart({ title, bars }: { title: string; bars: ChartBar[] }) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const count = Math.max(1, bars.length);
  const labelPx = Math.max(1, ...bars.map((bar) => bar.label.length)) * CHAR_PX + LABEL_GAP_PX;
  const valuePx = Math.max(1, ...bars.map((bar) => formatCount(bar.value).length)) * CHAR_PX + 4;
  // One label in `every` at a width, so that they never overlap; the first always shows.
  const every = (width: number) => Math.ceil(count / Math.max(1, Math.floor(width / labelPx)));
  const labelShown = (i: number) => shownAt((width) => i % every(width) === 0);
  const valuesShown = shownAt((width) => valuePx <= width / count);
  return (
    <ChartImage title={title} bars={bars}>
      <div className="flex h-44 items-end border-b border-slate-400">
        {bars.map((bar, i) => (
          // Labels may repeat (the same day and month of two years): the position is the key.
          // biome-ignore lint/suspicious/noArrayIndexKey: a chart's bars never move
          <div key={i} className="flex h-full min-w-0 flex-1 flex-col items-center justify-end">
            <span className={`${valuesShown} text-xs whitespace-nowrap tabular-nums ${TEXT}`}>
              {formatCount(bar.value)}
            </span>
            <span
              className={`block w-[70%] rounded-t-sm ${BAR}`}
              // The bar's share of the height left under the value.
              style={{ height: `calc((100% - 1.25rem) * ${share(bar.value, max)})` }}
            />
          </div>
        ))}
      </div>
      <div className="flex h-6">
        {bars.map((bar, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a chart's bars never move
          <div key={i} className="relative min-w-0 flex-1">
            <span
              className={`${labelShown(i)} absolute top-1 left-1/2 -translate-x-1/2 text-xs whitespace-nowrap ${TEXT}`}
            >
              {bar.label}
            </span>
          </div>
        ))}
      </div>
    </ChartImage>
  );
}

/**
 * Horizontal bars for a ranking (sources, posts, services, stages): on a wide card each label
 * sits left of its bar, on a phone above it, so a long label wraps between words, never inside one.
 */
export function BarChart({ title, bars }: { title: string; bars: ChartBar[] }) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <ChartImage title={title} bars={bars}>
      <div className="flex flex-col gap-2.5 @md:gap-1.5">
        {bars.map((bar) => (
          <div
            key={bar.label}
            className="grid gap-x-3 gap-y-0.5 @md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] @md:items-center"
          >
            <span className={`text-sm break-words @md:text-right ${TEXT}`}>{bar.label}</span>
            <span className="flex items-center gap-2">
              {bar.value > 0 ? (
                <span
                  className={`block h-3.5 shrink-0 rounded-sm ${BAR}`}
                  // The bar's share of the track, the value's room kept beside it.
                  style={{ width: `calc((100% - 4rem) * ${share(bar.value, max)})` }}
                />
              ) : null}
              <span className={`text-sm tabular-nums ${TEXT}`}>{formatCount(bar.value)}</span>
            </span>
          </div>
        ))}
      </div>
    </ChartImage>
  );
}

/** The numbers of a chart as a table (the accessible alternative, and what a test reads). */
export function ChartTable({
  caption,
  heading,
  bars,
}: {
  caption: string;
  heading: string;
  bars: ChartBar[];
}) {
  return (
    <TableScroller label={`${caption} (tabela)`} className="max-w-3xl">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-700">
            <th scope="col" className="py-1.5 pr-4 font-semibold">
              {heading}
            </th>
            <th scope="col" className="py-1.5 text-right font-semibold">
              Solicitações
            </th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.label} className="border-b border-slate-100 dark:border-slate-800">
              <th scope="row" className="py-1.5 pr-4 font-normal break-words">
                {bar.label}
              </th>
              <td className="py-1.5 text-right tabular-nums">{formatCount(bar.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}
