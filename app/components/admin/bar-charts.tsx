import { type ReactNode, useId } from "react";
import { formatCount } from "~/lib/count-format";

// Charts drawn by the server as SVG, with no script: each is an image with a name and a
// description (role="img", <title>, <desc>) and sits beside a table of the same numbers, which
// is what screen readers and keyboard users read.

export interface ChartBar {
  label: string;
  value: number;
}

const BAR_FILL = "fill-brand-700 dark:fill-brand-300";
const TEXT_FILL = "fill-slate-700 dark:fill-slate-200";

function describe(title: string, bars: ChartBar[]): string {
  if (!bars.length) return `${title}: nenhum dado.`;
  return `${title}: ${bars.map((bar) => `${bar.label}, ${formatCount(bar.value)}`).join("; ")}.`;
}

/** The chart's frame: an image named by its title, described by every value. */
function ChartImage({
  title,
  bars,
  width,
  height,
  children,
}: {
  title: string;
  bars: ChartBar[];
  width: number;
  height: number;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-t ${id}-d`}
      viewBox={`0 0 ${width} ${height}`}
      className="h-auto w-full max-w-3xl"
    >
      <title id={`${id}-t`}>{title}</title>
      <desc id={`${id}-d`}>{describe(title, bars)}</desc>
      {children}
    </svg>
  );
}

/** Vertical bars over time (the weeks), their value above each. */
export function ColumnChart({ title, bars }: { title: string; bars: ChartBar[] }) {
  const width = 640;
  const height = 220;
  const top = 24;
  const bottom = 36;
  const slot = width / Math.max(1, bars.length);
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const scale = (value: number) => ((height - top - bottom) * value) / max;
  // Beyond 16 columns (a long period) the values above the bars would overlap: the table beside
  // the chart has them, and one label in `every` stays below.
  const crowded = bars.length > 16;
  const every = crowded ? Math.ceil(bars.length / 12) : 1;
  return (
    <ChartImage title={title} bars={bars} width={width} height={height}>
      <line x1="0" x2={width} y1={height - bottom} y2={height - bottom} className="stroke-slate-400" />
      {bars.map((bar, i) => {
        const h = scale(bar.value);
        const x = i * slot + slot * 0.15;
        return (
          // Labels may repeat (the same day and month of two years): the position is the key.
          // biome-ignore lint/suspicious/noArrayIndexKey: a chart's bars never move
          <g key={i}>
            <rect x={x} y={height - bottom - h} width={slot * 0.7} height={h} rx="3" className={BAR_FILL} />
            {crowded ? null : (
              <text
                x={x + slot * 0.35}
                y={height - bottom - h - 6}
                textAnchor="middle"
                fontSize="13"
                className={TEXT_FILL}
              >
                {formatCount(bar.value)}
              </text>
            )}
            {i % every === 0 ? (
              <text
                x={x + slot * 0.35}
                y={height - 12}
                textAnchor="middle"
                fontSize="12"
                className={TEXT_FILL}
              >
                {bar.label}
              </text>
            ) : null}
          </g>
        );
      })}
    </ChartImage>
  );
}

/** Horizontal bars for a ranking (sources, posts, services, statuses), labels on the left. */
export function BarChart({ title, bars }: { title: string; bars: ChartBar[] }) {
  const width = 640;
  const row = 30;
  const labelWidth = 240;
  const valueWidth = 60;
  const height = Math.max(1, bars.length) * row + 8;
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const scale = (value: number) => ((width - labelWidth - valueWidth) * value) / max;
  const short = (label: string) => (label.length > 34 ? `${label.slice(0, 33)}…` : label);
  return (
    <ChartImage title={title} bars={bars} width={width} height={height}>
      {bars.map((bar, i) => {
        const y = i * row + 4;
        const w = scale(bar.value);
        return (
          <g key={bar.label}>
            <text x={labelWidth - 8} y={y + 18} textAnchor="end" fontSize="13" className={TEXT_FILL}>
              {short(bar.label)}
            </text>
            <rect x={labelWidth} y={y + 4} width={w} height={row - 10} rx="3" className={BAR_FILL} />
            <text x={labelWidth + w + 6} y={y + 18} fontSize="13" className={TEXT_FILL}>
              {formatCount(bar.value)}
            </text>
          </g>
        );
      })}
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
    <table className="w-full max-w-3xl text-left text-sm">
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
            <th scope="row" className="py-1.5 pr-4 font-normal break-all">
              {bar.label}
            </th>
            <td className="py-1.5 text-right tabular-nums">{formatCount(bar.value)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
