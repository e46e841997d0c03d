import { useId } from "react";
import { ScrollRegion } from "#app/components/ui/scroll-region";
import {
  chartLayout,
  describeSwing,
  formatBand,
  formatLimit,
  formatReadingTime,
  formatValue,
  parameterLabel,
  readingsInWindow,
  TREND_WINDOWS,
  trendPoints,
  trendSummary,
  type BandPosition,
  type Reading,
  type TargetBand,
  type TrendWindow,
} from "#app/domain/parameter-trends";

/**
 * One parameter over 30, 90 or 365 days against the guides' target band, drawn on the server as
 * SVG (no charting library, no client code: it shows before JavaScript and costs the page no
 * script bytes). The maths is in `domain/parameter-trends`; this only draws what it returns.
 *
 * What a reefer must not miss is never carried by colour alone: a swing is a thick dashed segment
 * with a "!" marker, a reading outside the band is a hollow triangle pointing the way it is off.
 * The SVG is one image to assistive technology (its title and the summary as its description),
 * and the readings follow as a table in a `<details>` "Show as a table": a disclosure every user
 * can open, announced as a button with its state, that works without JavaScript. A visually
 * hidden table would serve screen readers only and leave sighted keyboard users and anyone who
 * wants exact numbers (people who zoom or print) without it.
 */
export interface ParameterChartProps {
  /** The stored parameter name: "alkalinity", "calcium", "nitrate", "ph"… */
  parameter: string;
  /** The unit of the readings' `canonicalValue` and of the band: "dKH", "ppm", "°F". */
  unit: string;
  /** The guides' target range, in that unit, with the guide section it comes from. */
  band: TargetBand;
  /** The tank's readings; other parameters and readings outside the window are left out here. */
  readings: readonly Reading[];
  /** 30, 90 or 365 (`parseWindow(url.searchParams.get("window"))`). */
  window: TrendWindow;
  /** The window ends here (the loader's clock). */
  now: Date | string;
  /** The guide's safe daily step (alkalinity 1 dKH): a faster change is flagged. None: nothing is. */
  maxStepPerDay?: number;
  /** A window link's href; by default `?window=90#alkalinity-chart`, back to this chart. */
  windowHref?: (window: TrendWindow) => string;
}

/**
 * The viewBox is narrow so its 12-unit text is still ≈ 11 px on a 390 px phone (the SVG scales
 * with its width); `max-w-lg` keeps it from growing past ≈ 17 px on a desktop.
 */
const FRAME = { width: 360, height: 220, left: 34, right: 10, top: 20, bottom: 24 };
const INK = "#0b2a3c";
const INK_SOFT = "#3a5566";
const REEF = "#0e7c7b";
const BAND_FILL = "#dcefd0";
const BAND_EDGE = "#2f6f2b";
const GRID = "#dcd3c1";
const SWING = "#b23a16";

const FIGURE =
  "m-0 flex flex-col gap-3 rounded-card border border-line bg-paper p-4 print:break-inside-avoid print:border-0 print:p-0";

const POSITION_WORDS: Record<BandPosition, string> = { below: "Below", in: "Within", above: "Above" };

/** "Nov 27, 2026, 8:00 AM" broken only between the day and the time, never inside either. */
function ReadingTime({ time }: { time: number }) {
  const text = formatReadingTime(time);
  const cut = text.lastIndexOf(", ");
  return (
    <>
      <span className="whitespace-nowrap">{text.slice(0, cut + 1)}</span>{" "}
      <span className="whitespace-nowrap">{text.slice(cut + 2)}</span>
    </>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The mark of a reading: a filled dot within the band, a hollow triangle pointing up or down outside it. */
function PointMark({ x, y, band }: { x: number; y: number; band: BandPosition }) {
  if (band === "in") return <circle cx={x} cy={y} r={3.5} fill={REEF} stroke="#fffdf8" strokeWidth={1} />;
  const d =
    band === "above"
      ? `M${x} ${y - 5.5} L${x + 5} ${y + 3.5} L${x - 5} ${y + 3.5} Z`
      : `M${x} ${y + 5.5} L${x + 5} ${y - 3.5} L${x - 5} ${y - 3.5} Z`;
  return <path d={d} fill="#fffdf8" stroke={INK} strokeWidth={1.75} strokeLinejoin="round" />;
}

/** The swing marker: a diamond with "!" at the middle of the segment. */
function SwingMark({ x, y }: { x: number; y: number }) {
  return (
    <g>
      <path
        d={`M${x} ${y - 8} L${x + 8} ${y} L${x} ${y + 8} L${x - 8} ${y} Z`}
        fill={SWING}
        stroke="#fffdf8"
        strokeWidth={1.5}
      />
      <text x={x} y={y + 3.5} textAnchor="middle" fontSize={10} fontWeight={700} fill="#fffdf8">
        !
      </text>
    </g>
  );
}

function WindowLinks({
  label,
  current,
  href,
}: {
  label: string;
  current: TrendWindow;
  href: (window: TrendWindow) => string;
}) {
  return (
    <nav aria-label={`${label} chart period`} className="print:hidden">
      <ul className="flex flex-wrap gap-2 text-sm">
        {TREND_WINDOWS.map((w) => (
          <li key={w}>
            <a
              href={href(w)}
              aria-current={w === current ? "true" : undefined}
              className={`inline-flex min-h-11 items-center rounded-full border px-3 font-semibold ${
                w === current
                  ? "border-ink bg-ink text-paper no-underline"
                  : "border-line bg-paper text-reef-dark underline hover:border-reef"
              }`}
            >
              {w} days
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function ParameterChart({
  parameter,
  unit,
  band,
  readings,
  window,
  now,
  maxStepPerDay,
  windowHref,
}: ParameterChartProps) {
  const id = useId();
  const label = parameterLabel(parameter);
  const anchor = `${parameter}-chart`;
  const href = windowHref ?? ((w: TrendWindow) => `?window=${w}#${anchor}`);
  const points = trendPoints(readingsInWindow(readings, parameter, window, now), band, maxStepPerDay);
  const summary = trendSummary({ parameter, unit, band, points, days: window });
  const bandText = `${formatBand(parameter, band)} ${unit}`.trim();
  const heading = (
    <figcaption className="flex flex-col gap-1">
      <span className="font-display text-lg font-semibold text-ink">
        {label} <span className="text-sm font-normal text-ink-soft">· last {window} days</span>
      </span>
      <span className="text-sm text-ink-soft" data-testid="chart-summary">
        {summary}
      </span>
    </figcaption>
  );

  if (points.length === 0)
    return (
      <figure id={anchor} className={FIGURE}>
        {heading}
        <WindowLinks label={label} current={window} href={href} />
      </figure>
    );

  const layout = chartLayout({ points, band, days: window, now, frame: FRAME });
  const { frame } = layout;
  const plotRight = frame.width - frame.right;
  const plotBottom = frame.height - frame.bottom;
  const swingCount = layout.swings.length;
  const outside = points.filter((p) => p.band !== "in").length;
  const values = points.map((p) => p.value);
  const description =
    `${summary} ${points.length === 1 ? "One reading" : `${points.length} readings`}` +
    (points.length > 1
      ? ` between ${formatValue(parameter, Math.min(...values))} and ${formatValue(parameter, Math.max(...values))} ${unit}`
      : "") +
    `; ${outside} outside the target${maxStepPerDay ? `; ${swingCount} ${swingCount === 1 ? "swing" : "swings"} faster than ${formatLimit(parameter, maxStepPerDay)} ${unit} a day` : ""}.`;
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;

  return (
    <figure id={anchor} className={FIGURE}>
      {heading}
      <WindowLinks label={label} current={window} href={href} />
      <svg
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        viewBox={`0 0 ${frame.width} ${frame.height}`}
        width="100%"
        className="block h-auto w-full max-w-lg overflow-visible [print-color-adjust:exact]"
        fontFamily="ui-sans-serif, system-ui, sans-serif"
        fontSize={12}
        data-testid="chart-svg"
      >
        <title id={titleId}>{`${label} over the last ${window} days, target ${bandText}`}</title>
        <desc id={descId}>{description}</desc>
        <rect
          data-testid="target-band"
          x={frame.left}
          y={layout.band.y}
          width={plotRight - frame.left}
          height={layout.band.height}
          fill={BAND_FILL}
        />
        {[layout.band.y, layout.band.y + layout.band.height].map((y, i) => (
          <line key={i} x1={frame.left} x2={plotRight} y1={y} y2={y} stroke={BAND_EDGE} strokeDasharray="2 3" />
        ))}
        <text x={frame.left - 6} y={10} textAnchor="end" fill={INK_SOFT}>
          {unit}
        </text>
        {layout.yTicks.map((t) => (
          <g key={t.value}>
            <line x1={frame.left} x2={plotRight} y1={t.y} y2={t.y} stroke={GRID} strokeWidth={0.75} />
            <text x={frame.left - 6} y={t.y + 4} textAnchor="end" fill={INK_SOFT}>
              {t.label}
            </text>
          </g>
        ))}
        <line x1={frame.left} x2={plotRight} y1={plotBottom} y2={plotBottom} stroke={INK_SOFT} />
        {layout.xTicks.map((t) => (
          <g key={t.time}>
            <line x1={t.x} x2={t.x} y1={plotBottom} y2={plotBottom + 4} stroke={INK_SOFT} />
            <text x={t.x} y={plotBottom + 16} textAnchor="middle" fill={INK_SOFT}>
              {t.label}
            </text>
          </g>
        ))}
        {layout.line && <path d={layout.line} fill="none" stroke={REEF} strokeWidth={2} strokeLinejoin="round" />}
        {layout.swings.map((s, i) => (
          <line
            key={i}
            data-testid="swing-segment"
            x1={s.x1}
            y1={s.y1}
            x2={s.x2}
            y2={s.y2}
            stroke={SWING}
            strokeWidth={3.5}
            strokeDasharray="6 3"
            strokeLinecap="round"
          />
        ))}
        {/* Keyed by position: two readings can share a time (an import of a log kept twice). */}
        {layout.points.map((p, i) => (
          <g key={i} data-band={p.band}>
            <title>{`${formatReadingTime(p.time)}: ${formatValue(parameter, p.value)} ${unit}`}</title>
            <PointMark x={p.x} y={p.y} band={p.band} />
          </g>
        ))}
        {layout.swings.map((s, i) => (
          <SwingMark key={i} x={s.mx} y={s.my} />
        ))}
      </svg>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-soft" data-testid="chart-legend">
        <li className="inline-flex items-center gap-1.5">
          <svg aria-hidden="true" width="18" height="12" viewBox="0 0 18 12">
            <rect width="18" height="12" fill={BAND_FILL} stroke={BAND_EDGE} strokeDasharray="2 2" />
          </svg>
          <span>
            Target {bandText}
            {band.source && (
              <>
                {" "}
                (
                <a href={band.source.url} className="text-reef-dark underline">
                  {band.source.title}
                </a>
                )
              </>
            )}
          </span>
        </li>
        <li className="inline-flex items-center gap-1.5">
          <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12">
            <circle cx="6" cy="6" r="4" fill={REEF} />
          </svg>
          In target
        </li>
        <li className="inline-flex items-center gap-1.5">
          <svg aria-hidden="true" width="24" height="12" viewBox="0 0 24 12">
            <path d="M6 1 L11 10 L1 10 Z M18 11 L23 2 L13 2 Z" fill="#fffdf8" stroke={INK} strokeWidth="1.5" />
          </svg>
          Above or below target
        </li>
        {maxStepPerDay !== undefined && (
          <li className="inline-flex items-center gap-1.5">
            <svg aria-hidden="true" width="30" height="16" viewBox="0 0 30 16">
              <line x1="1" y1="8" x2="29" y2="8" stroke={SWING} strokeWidth="3" strokeDasharray="6 3" />
              <path d="M15 1 L22 8 L15 15 L8 8 Z" fill={SWING} stroke="#fffdf8" />
            </svg>
            Swing: more than {formatLimit(parameter, maxStepPerDay)} {unit} a day
          </li>
        )}
      </ul>
      {points.length === 1 && <p className="text-sm text-ink-soft">One reading so far: log another to see a trend.</p>}
      <details className="text-sm print:hidden">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-reef-dark underline">
          Show as a table
        </summary>
        <ScrollRegion label={`${label} readings table`} className="mt-2">
          <table className="w-full border-collapse text-left tabular-nums" data-testid="chart-table">
            <caption className="pb-2 text-left text-ink-soft">
              {label} readings, last {window} days, against the {bandText} target, oldest first (times in UTC)
            </caption>
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="py-1 pr-3 font-semibold">
                  Taken
                </th>
                <th scope="col" className="py-1 pr-3 font-semibold">
                  {unit ? `${label} (${unit})` : label}
                </th>
                <th scope="col" className="py-1 pr-3 font-semibold">
                  Target
                </th>
                <th scope="col" className="py-1 font-semibold">
                  Swing
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((p, i) => (
                <tr key={i} className="border-b border-line/60">
                  <th scope="row" className="py-1 pr-3 font-normal">
                    <ReadingTime time={p.time} />
                  </th>
                  <td className="py-1 pr-3">{formatValue(parameter, p.value)}</td>
                  <td className="py-1 pr-3">{POSITION_WORDS[p.band]}</td>
                  <td className="py-1">
                    {p.swing ? (
                      <strong className="text-coral-text">
                        <span aria-hidden="true">! </span>
                        {capitalise(describeSwing(parameter, unit, p.swing, false))}
                      </strong>
                    ) : (
                      "No"
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </details>
    </figure>
  );
}
