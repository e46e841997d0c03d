import type { ColumnType, Generated } from "kysely";

/** JSON columns are jsonb on PostgreSQL and text on SQLite; models normalise both. */
type Json = ColumnType<unknown, string, string>;
/** Timestamps are timestamptz on PostgreSQL (Date) and ISO text on SQLite (string). */
type Timestamp = ColumnType<Date | string, string | undefined, string>;

export interface ProductTable {
  id: string;
  title: string;
  description: string;
  price_cents: number;
  /** The "was" price: set by the shop when a price is lowered (app/domain/reference-price.ts). */
  original_price_cents: number | null;
  /** When the current price started (null: before prices were recorded). */
  price_since: ColumnType<Date | string | null, string | null | undefined, string | null>;
  category: string;
  quantity: number;
  is_active: ColumnType<number, number | undefined, number>;
  sku: string;
  weight_grams: number;
  supplier: string;
  fulfillment_type: string;
  tags: Json;
  metadata: Json;
  images: Json;
  position: number;
  /** Null: not subscribable; else the subscribe & save saving in whole percent (decision 049). */
  subscribe_saving_percent: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A product's photo (decision 021): drafts stay in the back office; products.images lists the published ones. */
export interface ProductPhotoTable {
  id: string;
  product_id: string;
  image_key: string;
  status: "draft" | "published";
  position: number;
  removed_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export interface BundleTable {
  id: string;
  name: string;
  description: string;
  /** The owner's list price; what it costs today is kept within [70 %, 100 %] of its contents. */
  price_cents: number;
  is_active: ColumnType<number, number | undefined, number>;
  image: string;
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BundleProductTable {
  bundle_id: string;
  product_id: string;
  position: number;
  quantity: ColumnType<number, number | undefined, number>;
}

export interface StockMovementTable {
  id: Generated<number>;
  item_kind: string;
  item_id: string;
  delta: number;
  reason: string;
  actor: string | null;
  created_at: Timestamp;
}

export interface OrderTable {
  id: string;
  number: string;
  status: string;
  email: string;
  customer_name: string;
  shipping_address: ColumnType<unknown, string | null, string | null>;
  requires_shipping: number;
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  total_cents: number;
  currency: ColumnType<string, string | undefined, string>;
  access_token_hash: string;
  source: ColumnType<string, string | undefined, string>;
  payment_provider: string;
  payment_reference: string | null;
  payment_failure: string | null;
  user_id: string | null;
  reserved_until: ColumnType<Date | string | null, string | null, string | null>;
  paid_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  carrier: ColumnType<string | null, string | null | undefined, string | null>;
  tracking_number: ColumnType<string | null, string | null | undefined, string | null>;
  shipped_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  external_reference: ColumnType<string | null, string | null | undefined, string | null>;
  refunded_cents: ColumnType<number, number | undefined, number>;
  /** The scoped Idempotency-Key of the checkout that placed the order (null for other sources). */
  idempotency_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 while a pending order holds its stock reservation (0 once a declined attempt gave it back). */
  stock_held: ColumnType<number, number | undefined, number>;
  /** Stock units the order's reservation took (0 for orders placed before it was recorded). */
  held_units: ColumnType<number, number | undefined, number>;
  /** A keyed hash of the address the order was placed from (checkout's cap on unpaid holds). */
  client_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** The shop's local date the box leaves and is due ("YYYY-MM-DD"); null without shipping. */
  ship_on: ColumnType<string | null, string | null | undefined, string | null>;
  arrive_on: ColumnType<string | null, string | null | undefined, string | null>;
  /** Store credit spent on the order (decision 034); total_cents is what is left to pay. */
  store_credit_cents: ColumnType<number, number | undefined, number>;
  /** The discount code used (upper-cased) and what it took off, in cents. */
  discount_code: ColumnType<string | null, string | null | undefined, string | null>;
  code_discount_cents: ColumnType<number, number | undefined, number>;
  /** The subscription the order started or renewed (decision 049). */
  subscription_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PaymentAttemptTable {
  id: Generated<number>;
  order_id: string;
  /** declined | failed (a retry may still succeed) | succeeded */
  outcome: string;
  reason: string | null;
  reference: string | null;
  actor: string;
  created_at: Timestamp;
}

export interface RefundTable {
  id: string;
  order_id: string;
  amount_cents: number;
  /** The order's refunded total including this refund (what its mail says, whatever follows). */
  refunded_total_cents: number;
  /** pending (recorded, provider not yet answered) | submitted (provider accepted, settling) | succeeded | failed */
  status: string;
  reason: string | null;
  idempotency_key: string;
  provider_refund_id: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrderNoteTable {
  id: Generated<number>;
  order_id: string;
  author: string;
  body: string;
  created_at: Timestamp;
}

/** Every change of a product's price, for true reference prices. */
export interface PriceChangeTable {
  id: Generated<number>;
  product_id: string;
  from_cents: number;
  to_cents: number;
  actor: string | null;
  changed_at: Timestamp;
}

export interface OrderLineTable {
  id: Generated<number>;
  order_id: string;
  position: number;
  kind: string;
  item_id: string | null;
  product_ids: ColumnType<unknown, string | null, string | null>;
  part_prices: ColumnType<unknown, string | null | undefined, string | null>;
  title: string;
  quantity: number;
  unit_price_cents: number;
  total_cents: number;
}

export interface OrderEventTable {
  id: Generated<number>;
  order_id: string;
  from_status: string | null;
  to_status: string;
  note: string | null;
  actor: string | null;
  created_at: Timestamp;
}

export interface IdempotencyKeyTable {
  key: string;
  request_hash: string;
  state: string;
  response_status: number | null;
  response_body: string | null;
  created_at: Timestamp;
  /** The attempt holding a pending claim (null on rows written before 0007). */
  claim_token: ColumnType<string | null, string | null | undefined, string | null>;
  /** Until when the pending claim is held; after it a retry may take it over. */
  lease_until: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

export interface OutboxTable {
  id: Generated<number>;
  kind: string;
  dedupe_key: string | null;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  headers: ColumnType<unknown, string | null | undefined, string | null>;
  order_id: string | null;
  status: string;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

export interface PaymentEventTable {
  id: string;
  type: string;
  order_id: string | null;
  created_at: Timestamp;
}

/** Better Auth's user table (camelCase columns, as its adapter writes them). */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: number | boolean;
  image: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  role: string | null;
  banned: number | boolean | null;
  banReason: string | null;
  banExpires: Date | string | null;
}

export interface SessionTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: Date | string;
}

export interface NewsletterSubscriberTable {
  id: Generated<number>;
  email: string;
  status: string;
  source: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  confirmed_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  unsubscribed_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

export interface ContactMessageTable {
  id: Generated<number>;
  name: string;
  email: string;
  subject: string;
  message: string;
  status: string;
  created_at: Timestamp;
  handled_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

export interface MessageReplyTable {
  id: Generated<number>;
  message_id: number;
  seq: number;
  body: string;
  sender_id: string | null;
  sender_name: string;
  created_at: Timestamp;
}

export interface RateLimitTable {
  key: string;
  count: number;
  window_start: ColumnType<number, number, number>;
}

export interface BackgroundHeartbeatTable {
  name: string;
  holder: string;
  beat_at: Timestamp;
}

/** Units sold per item (`product:<id>` / `bundle:<id>`), kept by the order lifecycle. */
export interface ItemSalesTable {
  item_key: string;
  units: number;
}

/** Per UTC day of payment: revenue-bearing orders' net revenue, count and units (running totals). */
export interface SalesByDayTable {
  /** "YYYY-MM-DD", the UTC day of `orders.paid_at`. */
  day: string;
  revenue_cents: number;
  orders: number;
  units: number;
}

/** Per UTC day of payment and item (`product:<id>`, `bundle:<id>`): units sold and net cents. */
export interface ItemSalesByDayTable {
  day: string;
  item_key: string;
  units: number;
  revenue_cents: number;
}

/** Per UTC day of delivery and the weather packed for: shipped orders delivered, and those with an approved claim. */
export interface DeliveriesByDayTable {
  day: string;
  /** hold | heat | cold | none (order_weather.outcome), or unknown. */
  weather: string;
  delivered: number;
  approved_claims: number;
}

/** Per customer (the list's lower-cased address): bought orders, spent net of refunds, last order. */
export interface CustomerTotalsTable {
  email_key: string;
  orders: number;
  spent_cents: ColumnType<number | string, number, number>;
  last_order_at: ColumnType<Date | string, string, string>;
  user_id: string | null;
}

/**
 * How many customer_totals rows there are, and how many name an account: kept by triggers on
 * customer_totals (migration 0029), summed over its rows (PostgreSQL spreads them over shards).
 */
export interface CustomerCountsTable {
  shard: number;
  buyers: ColumnType<number | string, number, number>;
  linked: ColumnType<number | string, number, number>;
}

/** The owner's ship calendar (one row, id 1; none: the defaults of app/domain/ship-calendar.ts). */
export interface ShipSettingsTable {
  id: number;
  live_ship_days: string;
  cutoff: string;
  transit_days: string;
  monday_only_states: string;
  updated_at: string;
}

/** A date the owner closed (federal holidays come from @18f/us-federal-holidays). */
export interface ClosedDateTable {
  date: string;
  reason: string;
  created_at: string;
}

/** An arrive-alive claim on a delivered order (decision 034). */
export interface ClaimTable {
  id: string;
  order_id: string;
  /** open | approved | declined */
  status: string;
  remedy_wanted: string;
  remedy: string | null;
  note: string;
  amount_cents: number;
  decline_reason: string | null;
  replacement_order_id: string | null;
  refund_id: string | null;
  credit_cents: number | null;
  decided_by: string | null;
  decided_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export interface ClaimLineTable {
  claim_id: string;
  order_id: string;
  position: number;
  quantity: number;
  /** "<order id>:<position>" while the claim is open: one open claim per order line. */
  open_key: string | null;
}

export interface ClaimPhotoTable {
  claim_id: string;
  position: number;
  object_path: string;
  content_type: string;
  bytes: number;
}

/** A customer's store credit (keyed by lower-cased address); the database refuses a negative one. */
export interface StoreCreditBalanceTable {
  email_key: string;
  balance_cents: number;
  updated_at: Timestamp;
}

export interface StoreCreditMovementTable {
  id: Generated<number>;
  email_key: string;
  amount_cents: number;
  balance_after_cents: number;
  reason: string;
  claim_id: string | null;
  order_id: string | null;
  dedupe_key: string;
  created_at: Timestamp;
}

/** The owner's weather thresholds (°F); one row, id 1 (absent: the defaults of app/domain/weather.ts). */
export interface WeatherSettingsTable {
  id: number;
  hold_below_f: number;
  heat_pack_at_or_below_f: number;
  cold_pack_at_or_above_f: number;
  updated_at: string;
}

/** A live order's latest forecast check (see app/models/shipping/weather-holds.server.ts). */
export interface OrderWeatherTable {
  order_id: string;
  checked_on: string;
  ship_on: string;
  arrive_on: string;
  /** hold | heat | cold | none | unavailable */
  outcome: string;
  low_f: number | null;
  high_f: number | null;
  /** heat | cold, or null. */
  pack: string | null;
  note: string;
  checked_at: string;
}

/** One address waiting for one product or kit (decision 042). */
export interface WaitlistEntryTable {
  id: Generated<number>;
  item_kind: "product" | "bundle";
  item_id: string;
  email: string;
  status: "waiting" | "notified" | "removed" | "expired";
  waiting_key: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  notified_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  notified_units: number | null;
  ended_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

/** An unpaid checkout whose buyer asked for one reminder if it did not go through (decision 045). */
export interface CheckoutReminderTable {
  order_id: string;
  email: string;
  status: "waiting" | "sent" | "skipped";
  created_at: Timestamp;
  skipped_reason: string | null;
  sent_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  restored_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

/** An address that asked for no more checkout reminders. */
export interface ReminderUnsubscribeTable {
  email: string;
  created_at: Timestamp;
}

/** A customer's reef tank (issue 37). Volumes are in `volume_unit`. */
export interface TankTable {
  id: string;
  user_id: string;
  name: string;
  display_volume: number;
  sump_volume: number | null;
  volume_unit: "gal" | "L";
  refugium_light: string | null;
  /** Sorted, comma-separated soft | lps | sps ("" for none). */
  corals: string;
  care_level: string | null;
  test_kits: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A tank whose reefer asked to be mailed a week before their coral food runs out (decision 048). */
export interface ReorderConsentTable {
  tank_id: string;
  user_id: string;
  created_at: Timestamp;
}

/** A coral-food reorder reminder sent: one per customer, order and food. */
export interface ReorderReminderTable {
  id: string;
  user_id: string;
  order_id: string;
  food_id: string;
  tank_id: string;
  email: string;
  /** JSON [{productId, quantity}]: what the reorder link puts in the cart. */
  items: string;
  run_out_at: Timestamp;
  sent_at: Timestamp;
  restored_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

/** One measured parameter of a tank, as entered and in the parameter's canonical unit. */
export interface TankReadingTable {
  id: Generated<number>;
  tank_id: string;
  parameter: string;
  value: number;
  unit: string;
  canonical_value: number;
  taken_at: Timestamp;
  created_at: Timestamp;
}

/** Units available for a waited-for item at the worker's last look. */
export interface WaitlistItemTable {
  item_kind: "product" | "bundle";
  item_id: string;
  seen_units: number;
  updated_at: Timestamp;
}

/** The owner's discount codes (decision 043). */
export interface DiscountCodeTable {
  id: Generated<number>;
  code: string;
  percent_off: number | null;
  amount_off_cents: number | null;
  min_subtotal_cents: ColumnType<number, number | undefined, number>;
  starts_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  ends_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  /** JSON [{kind, id}]; null: every item. */
  applies_to: string | null;
  combines: ColumnType<number, number | undefined, number>;
  uses: ColumnType<number, number | undefined, number>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One order's use of a code; released when the order ends unpaid or is cancelled. */
export interface DiscountCodeUseTable {
  id: Generated<number>;
  code_id: number;
  order_id: string;
  email_key: string;
  discount_cents: number;
  created_at: Timestamp;
  released_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

/** A subscribe & save subscription (decision 049). */
export interface SubscriptionTable {
  id: string;
  user_id: string | null;
  email: string;
  name: string;
  status: "pending" | "active" | "paused" | "cancelled";
  every_weeks: number;
  /** JSON [{productId, quantity}] */
  lines: string;
  shipping_address: string | null;
  next_charge_on: string;
  period: number;
  first_order_id: string;
  customer_ref: string | null;
  payment_method_ref: string | null;
  card_label: string | null;
  pause_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One period's renewal: at most one per (subscription, period), by its primary key. */
export interface SubscriptionRenewalTable {
  subscription_id: string;
  period: number;
  charge_on: string;
  order_id: string | null;
  status: "placing" | "charging" | "paid" | "retrying" | "action" | "failed" | "no-stock";
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  lease_until: ColumnType<Date | string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The reminder mailed before a period's charge: one per (subscription, period). */
export interface SubscriptionReminderTable {
  subscription_id: string;
  period: number;
  total_cents: number;
  sent_at: Timestamp;
}

export interface Database {
  background_heartbeats: BackgroundHeartbeatTable;
  order_notes: OrderNoteTable;
  newsletter_subscribers: NewsletterSubscriberTable;
  contact_messages: ContactMessageTable;
  message_replies: MessageReplyTable;
  rate_limits: RateLimitTable;
  user: UserTable;
  session: SessionTable;
  orders: OrderTable;
  order_lines: OrderLineTable;
  subscriptions: SubscriptionTable;
  subscription_renewals: SubscriptionRenewalTable;
  subscription_reminders: SubscriptionReminderTable;
  order_events: OrderEventTable;
  idempotency_keys: IdempotencyKeyTable;
  outbox: OutboxTable;
  payment_events: PaymentEventTable;
  payment_attempts: PaymentAttemptTable;
  refunds: RefundTable;
  products: ProductTable;
  product_photos: ProductPhotoTable;
  bundles: BundleTable;
  bundle_products: BundleProductTable;
  stock_movements: StockMovementTable;
  price_changes: PriceChangeTable;
  item_sales: ItemSalesTable;
  sales_by_day: SalesByDayTable;
  item_sales_by_day: ItemSalesByDayTable;
  deliveries_by_day: DeliveriesByDayTable;
  customer_totals: CustomerTotalsTable;
  customer_counts: CustomerCountsTable;
  ship_settings: ShipSettingsTable;
  closed_dates: ClosedDateTable;
  weather_settings: WeatherSettingsTable;
  order_weather: OrderWeatherTable;
  claims: ClaimTable;
  claim_lines: ClaimLineTable;
  claim_photos: ClaimPhotoTable;
  store_credit_balances: StoreCreditBalanceTable;
  store_credit_movements: StoreCreditMovementTable;
  waitlist_entries: WaitlistEntryTable;
  waitlist_items: WaitlistItemTable;
  discount_codes: DiscountCodeTable;
  discount_code_uses: DiscountCodeUseTable;
  checkout_reminders: CheckoutReminderTable;
  reminder_unsubscribes: ReminderUnsubscribeTable;
  tanks: TankTable;
  tank_readings: TankReadingTable;
  reorder_consents: ReorderConsentTable;
  reorder_reminders: ReorderReminderTable;
}
