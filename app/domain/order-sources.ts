/** Where an order recorded in the back office came from (web orders say "web"). */
export const ORDER_SOURCES = ["phone", "marketplace", "email", "market-stall"] as const;
