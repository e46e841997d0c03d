import {
  formatValue,
  parameterLabel,
  readingsInWindow,
  SPARKLINE_DAYS,
  trendDirection,
  trendPoints,
  valueScale,
  type Reading,
  type TargetBand,
} from "#app/domain/parameter-trends";

/**
 * A parameter's last 30 days as a tiny line beside its name on the tank's page, drawn on the
 * server like the full chart. Its words are its label ("Alkalinity trend: falling, latest
 * 7.2 dKH"), so a screen reader hears the trend and the figure the drawing shows.
 */
export interface SparklineProps {
  parameter: string;
  unit: string;
  readings: readonly Reading[];
  now: Date | string;
  /** Drawn as a faint strip, and the scale of "steady": a move under a tenth of its width. */
  band?: TargetBand;
}

const W = 80;
const H = 24;
const PAD = 3;

/** The accessible label, also used by tests: "Alkalinity trend: falling, latest 7.2 dKH". */
export function sparklineLabel({ parameter, unit, readings, now, band }: SparklineProps): string {
  const label = parameterLabel(parameter);
  const points = trendPoints(
    readingsInWindow(readings, parameter, SPARKLINE_DAYS, now),
    band ?? { low: -Infinity, high: Infinity },
  );
  const latest = points[points.length - 1];
  if (!latest) return `${label} trend: no readings in the last ${SPARKLINE_DAYS} days`;
  const value = `${formatValue(parameter, latest.value)} ${unit}`.trim();
  return `${label} trend: ${trendDirection(points, band)}, latest ${value}`;
}

export function Sparkline(props: SparklineProps) {
  const { parameter, readings, now, band } = props;
  const end = new Date(now).getTime();
  const start = end - SPARKLINE_DAYS * 86_400_000;
  const points = readingsInWindow(readings, parameter, SPARKLINE_DAYS, now);
  const values = points.map((r) => r.canonicalValue);
  const own = values.length > 0 ? { low: Math.min(...values), high: Math.max(...values) } : { low: 0, high: 1 };
  const scale = valueScale(values, band ?? own, 2);
  const x = (t: number) => PAD + ((t - start) / (end - start)) * (W - 2 * PAD);
  const y = (v: number) => PAD + (1 - (v - scale.min) / (scale.max - scale.min || 1)) * (H - 2 * PAD);
  const r1 = (n: number) => Math.round(n * 10) / 10;
  const coords = points.map((r) => [r1(x(Date.parse(r.takenAt))), r1(y(r.canonicalValue))] as const);
  const last = coords[coords.length - 1];
  return (
    <svg
      role="img"
      aria-label={sparklineLabel(props)}
      viewBox={`0 0 ${W} ${H}`}
      width={W}
      height={H}
      className="inline-block shrink-0 align-middle [print-color-adjust:exact]"
    >
      {band && (
        <rect
          x={PAD}
          width={W - 2 * PAD}
          y={r1(y(Math.min(band.high, scale.max)))}
          height={r1(y(Math.max(band.low, scale.min)) - y(Math.min(band.high, scale.max)))}
          fill="#dcefd0"
        />
      )}
      {coords.length > 1 && (
        <polyline
          points={coords.map(([px, py]) => `${px},${py}`).join(" ")}
          fill="none"
          stroke="#0e7c7b"
          strokeWidth={1.5}
          strokeLinejoin="round"
        />
      )}
      {last ? (
        <circle cx={last[0]} cy={last[1]} r={2.5} fill="#0b2a3c" />
      ) : (
        <line x1={PAD} x2={W - PAD} y1={H / 2} y2={H / 2} stroke="#dcd3c1" strokeDasharray="2 3" />
      )}
    </svg>
  );
}
