import { z } from "zod";
import type { Order, OrderLine } from "./order-types";

/**
 * Arrive-alive claims (decision 034): the rules, with no database. A buyer may claim lines of a
 * delivered order, within a window after delivery, with photos; the owner grants a remedy or
 * declines with a reason.
 */

export const CLAIM_REMEDIES = ["replacement", "refund", "credit"] as const;
export type ClaimRemedy = (typeof CLAIM_REMEDIES)[number];
export const CLAIM_STATUSES = ["open", "approved", "declined"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const REMEDY_LABELS: Record<ClaimRemedy, string> = {
  replacement: "A replacement on the next live ship day",
  refund: "A refund",
  credit: "Store credit",
};

export const MIN_CLAIM_PHOTOS = 1;
export const MAX_CLAIM_PHOTOS = 5;
/** Each photo at most this many bytes. */
export const MAX_CLAIM_PHOTO_BYTES = 5 * 1024 * 1024;
/** A claim's whole multipart body: its photos and room for the other fields. */
export const MAX_CLAIM_BODY_BYTES = MAX_CLAIM_PHOTOS * MAX_CLAIM_PHOTO_BYTES + 64 * 1024;
export const MAX_CLAIM_NOTE = 2000;

/** One claimed line as the buyer names it: the order line's id, or its index in the order. */
const ClaimLineInputSchema = z
  .object({
    id: z.string().trim().min(1).max(200).optional(),
    lineIndex: z.number().int().min(0).max(999).optional(),
    quantity: z.number().int().min(1).max(999),
  })
  .refine((l) => (l.id === undefined) !== (l.lineIndex === undefined), "Name each line by its id or its lineIndex.");

export const ClaimLinesSchema = z
  .array(ClaimLineInputSchema)
  .min(1, "Pick at least one line of the order.")
  .max(50, "Too many lines.");
export type ClaimLineInput = z.infer<typeof ClaimLineInputSchema>;

export const ClaimFieldsSchema = z.object({
  remedy: z.enum(CLAIM_REMEDIES, "Choose a replacement, a refund or store credit."),
  note: z
    .string()
    .trim()
    .max(MAX_CLAIM_NOTE, `Keep the note under ${MAX_CLAIM_NOTE} characters.`)
    .refine((s) => !s.includes("\u0000"), "The note contains invalid characters.")
    .default(""),
});

export const ClaimDecisionSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("approve"), remedy: z.enum(CLAIM_REMEDIES, "Choose a remedy.") }),
  z.object({
    action: z.literal("decline"),
    reason: z.string().trim().min(1, "Say why the claim is declined.").max(1000),
  }),
]);
export type ClaimDecision = z.infer<typeof ClaimDecisionSchema>;

/** A claimed order line: its position in the order and how many of it. */
export interface ClaimedLine {
  position: number;
  quantity: number;
}

/**
 * When the order was delivered (its move to "delivered"; a partial refund after it is recorded
 * as delivered → delivered and is not a delivery), or null when it is not delivered.
 */
export function deliveredAt(order: Pick<Order, "status" | "events">): Date | null {
  if (order.status !== "delivered") return null;
  const event = [...order.events].reverse().find((e) => e.toStatus === "delivered" && e.fromStatus !== "delivered");
  return event ? new Date(event.createdAt) : null;
}

/** The end of the claim window, or null when the order cannot be claimed (not delivered). */
export function claimWindowEnd(order: Pick<Order, "status" | "events">, windowHours: number): Date | null {
  const at = deliveredAt(order);
  return at ? new Date(at.getTime() + windowHours * 3_600_000) : null;
}

export function claimWindowOpen(order: Pick<Order, "status" | "events">, windowHours: number, now: Date): boolean {
  const end = claimWindowEnd(order, windowHours);
  return end !== null && now.getTime() < end.getTime();
}

/**
 * The claimed lines resolved against the order (same line named twice: quantities added), or
 * the first problem. `alreadyClaimed` is what earlier approved claims took of each line.
 */
export function resolveClaimLines(
  order: Pick<Order, "lines">,
  asked: ClaimLineInput[],
  alreadyClaimed: ReadonlyMap<number, number> = new Map(),
): { ok: true; lines: ClaimedLine[] } | { ok: false; message: string } {
  const wanted = new Map<number, number>();
  for (const line of asked) {
    const position =
      line.lineIndex !== undefined ? line.lineIndex : order.lines.findIndex((l) => lineId(l) === line.id);
    if (position < 0 || position >= order.lines.length)
      return { ok: false, message: "One of the lines is not on this order." };
    wanted.set(position, (wanted.get(position) ?? 0) + line.quantity);
  }
  const lines: ClaimedLine[] = [];
  for (const [position, quantity] of [...wanted].sort((a, b) => a[0] - b[0])) {
    const line = order.lines[position]!;
    const left = line.quantity - (alreadyClaimed.get(position) ?? 0);
    if (quantity > left)
      return {
        ok: false,
        message:
          left <= 0
            ? `"${line.title}" was already claimed in full.`
            : `Claim at most ${left} of "${line.title}" (the order has ${line.quantity}).`,
      };
    lines.push({ position, quantity });
  }
  return { ok: true, lines };
}

/** How a line is named in a claim: its catalogue id, or for a combo its products joined by "+". */
export function lineId(line: Pick<OrderLine, "id" | "productIds">): string {
  return line.id ?? (line.productIds ?? []).join("+");
}

/** What the claimed lines were bought for (each line's share of its total), never more than is left to refund. */
export function claimValueCents(
  order: Pick<Order, "lines" | "totalCents" | "refundedCents">,
  lines: readonly ClaimedLine[],
): number {
  const value = lines.reduce((sum, l) => {
    const line = order.lines[l.position];
    return line ? sum + Math.round((line.totalCents * l.quantity) / line.quantity) : sum;
  }, 0);
  return Math.max(0, Math.min(value, order.totalCents - order.refundedCents));
}

const IMAGE_SIGNATURES: Array<{ type: string; test: (b: Uint8Array) => boolean }> = [
  { type: "image/jpeg", test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: "image/png",
    test: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => b[i] === byte),
  },
  { type: "image/gif", test: (b) => ascii(b, 0, 6) === "GIF87a" || ascii(b, 0, 6) === "GIF89a" },
  { type: "image/webp", test: (b) => ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "WEBP" },
  {
    type: "image/heic",
    test: (b) => ascii(b, 4, 8) === "ftyp" && /^(heic|heix|hevc|mif1|msf1|avif)$/.test(ascii(b, 8, 12)),
  },
];

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

/** The image type the bytes themselves say (not the name or the declared type), or null. */
export function sniffImageType(bytes: Uint8Array): string | null {
  if (bytes.length < 12) return null;
  return IMAGE_SIGNATURES.find((s) => s.test(bytes))?.type ?? null;
}

/** Dead-on-arrival rate per ISO week: approved claims over delivered orders, both by delivery week. */
export interface DoaWeek {
  week: string;
  delivered: number;
  approvedClaims: number;
  rate: number;
}

/** The Monday (UTC, "YYYY-MM-DD") starting the week of a moment. */
export function weekOf(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/** The weather an order was packed for on its arrival day (the weather check's outcome), or unknown when never checked. */
export type ArrivalWeather = "hold" | "heat" | "cold" | "none" | "unknown";

export const arrivalWeatherOf = (outcome: string | null | undefined): ArrivalWeather =>
  outcome === "hold" || outcome === "heat" || outcome === "cold" || outcome === "none" ? outcome : "unknown";

/** One day's running totals: shipped orders delivered that day with one weather, and how many have an approved claim. */
export interface DeliveryDay {
  /** UTC day of delivery, "YYYY-MM-DD". */
  day: string;
  weather: ArrivalWeather;
  delivered: number;
  approvedClaims: number;
}

/**
 * Dead-on-arrival rate (approved claims over delivered orders) per week of delivery and per the
 * weather packed for; the weather breakdown only once some arrival's weather was checked.
 */
export function doaRates(days: readonly DeliveryDay[]): {
  byWeek: DoaWeek[];
  byArrivalWeather: Array<{ weather: ArrivalWeather; delivered: number; approvedClaims: number; rate: number }>;
} {
  const byWeek = doaRateBy(days.map((d) => ({ ...d, key: weekOf(new Date(`${d.day}T00:00:00Z`)) }))).map(
    ({ key, ...w }) => ({ week: key, ...w }),
  );
  const known = days.some((d) => d.weather !== "unknown" && d.delivered > 0);
  const byArrivalWeather = known
    ? doaRateBy(days.map((d) => ({ ...d, key: d.weather }))).map(({ key, ...w }) => ({ weather: key, ...w }))
    : [];
  return { byWeek, byArrivalWeather };
}

/** Approved claims over deliveries, per key, keys in order. */
function doaRateBy<K extends string>(
  days: ReadonlyArray<{ key: K; delivered: number; approvedClaims: number }>,
): Array<{ key: K; delivered: number; approvedClaims: number; rate: number }> {
  const groups = new Map<K, { delivered: number; approvedClaims: number }>();
  for (const d of days) {
    const g = groups.get(d.key) ?? { delivered: 0, approvedClaims: 0 };
    g.delivered += d.delivered;
    g.approvedClaims += d.approvedClaims;
    groups.set(d.key, g);
  }
  return [...groups]
    .filter(([, g]) => g.delivered > 0)
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([key, g]) => ({ key, ...g, rate: g.approvedClaims / g.delivered }));
}
