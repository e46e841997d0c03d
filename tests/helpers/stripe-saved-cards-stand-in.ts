import http from "node:http";

type Json = Record<string, unknown>;

/** Stripe's documented test PaymentMethods, as the stand-in answers them off-session. */
const PAYMENT_METHODS: Record<string, { brand: string; last4: string; offSession: string }> = {
  pm_card_visa: { brand: "visa", last4: "4242", offSession: "succeeded" },
  pm_card_mastercard: { brand: "mastercard", last4: "4444", offSession: "succeeded" },
  pm_card_chargeCustomerFail: { brand: "visa", last4: "0341", offSession: "card_declined" },
  pm_card_visa_chargeDeclinedInsufficientFunds: { brand: "visa", last4: "9995", offSession: "insufficient_funds" },
  pm_card_authenticationRequired: { brand: "visa", last4: "3184", offSession: "authentication_required" },
};

/**
 * A local stand-in for Stripe's API (Stripe itself cannot be reached from here), with only what
 * saved cards need: Customers (list by email, create), PaymentIntents (create, retrieve with
 * `expand`), Stripe's idempotency (the first answer under a key, an error included, is the
 * answer to every repeat) and the off-session outcomes of the documented test PaymentMethods.
 * `confirmInBrowser` plays the Payment Element confirming an on-session PaymentIntent. SetupIntents
 * (create, retrieve with `expand`) for a new card given in the browser; `confirmSetupInBrowser`
 * plays the Payment Element confirming one.
 */
export async function startStripeStandIn() {
  const customers: Array<{ id: string; object: "customer"; email: string }> = [];
  const intents = new Map<string, Json>();
  const setups = new Map<string, Json>();
  const answered = new Map<string, { status: number; body: Json }>();
  const state: { authenticationLeaves: "requires_action" | "requires_payment_method" } = {
    authenticationLeaves: "requires_action",
  };
  const requests: Array<{ method: string; path: string; body: URLSearchParams; idempotencyKey?: string }> = [];
  const paymentMethod = (id: string) => {
    const pm = PAYMENT_METHODS[id]!;
    return { id, object: "payment_method", type: "card", card: { brand: pm.brand, last4: pm.last4 } };
  };
  const cardError = (code: string, intent: Json) => ({
    status: 402,
    body: {
      error: {
        type: "card_error",
        code: code === "authentication_required" ? code : "card_declined",
        decline_code: code,
        message: `Your card was declined (${code}).`,
        payment_intent: intent,
      },
    },
  });

  function createIntent(params: URLSearchParams): { status: number; body: Json } {
    const id = `pi_standin_${intents.size + 1}`;
    const intent: Json = {
      id,
      object: "payment_intent",
      amount: Number(params.get("amount")),
      currency: params.get("currency"),
      customer: params.get("customer"),
      payment_method: null,
      setup_future_usage: params.get("setup_future_usage"),
      status: "requires_payment_method",
      client_secret: `${id}_secret_abc`,
    };
    intents.set(id, intent);
    if (params.get("confirm") !== "true") return { status: 200, body: intent };
    const pmId = params.get("payment_method") ?? "";
    const pm = PAYMENT_METHODS[pmId];
    if (!pm) {
      intents.delete(id);
      return {
        status: 400,
        body: {
          error: {
            type: "invalid_request_error",
            code: "resource_missing",
            message: `No such PaymentMethod: '${pmId}'`,
          },
        },
      };
    }
    intent.payment_method = pmId;
    if (pm.offSession === "succeeded") {
      intent.status = "succeeded";
      return { status: 200, body: intent };
    }
    // Stripe's guide leaves an intent that failed for authentication_required in
    // requires_payment_method; `state.authenticationLeaves` tries the other status too.
    intent.status =
      pm.offSession === "authentication_required" ? state.authenticationLeaves : "requires_payment_method";
    // Stripe names the card that was tried on the failed attempt (and detaches it from the intent).
    if (intent.status === "requires_payment_method") {
      intent.payment_method = null;
      intent.last_payment_error = { code: pm.offSession, payment_method: paymentMethod(pmId) };
    }
    return cardError(pm.offSession, intent);
  }

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stand-in");
      const body = new URLSearchParams(req.method === "GET" ? url.search : raw);
      const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
      requests.push({ method: req.method ?? "", path: url.pathname, body, idempotencyKey });
      const send = ({ status, body: answer }: { status: number; body: Json }) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(answer));
      };
      // Stripe's idempotency: a repeat of a key gets the first answer back and does nothing.
      const once = (act: () => { status: number; body: Json }) => {
        const key = idempotencyKey ? `${url.pathname}:${idempotencyKey}` : null;
        const seen = key ? answered.get(key) : undefined;
        if (seen) return send(seen);
        const answer = act();
        if (key) answered.set(key, answer);
        send(answer);
      };
      if (req.method === "GET" && url.pathname === "/v1/customers") {
        const data = customers.filter((c) => c.email === body.get("email")).slice(0, 1);
        return send({ status: 200, body: { object: "list", data, has_more: false, url: "/v1/customers" } });
      }
      if (req.method === "POST" && url.pathname === "/v1/customers") {
        return once(() => {
          const customer = {
            id: `cus_standin_${customers.length + 1}`,
            object: "customer" as const,
            email: body.get("email")!,
          };
          customers.push(customer);
          return { status: 200, body: customer };
        });
      }
      if (req.method === "POST" && url.pathname === "/v1/payment_intents") return once(() => createIntent(body));
      if (req.method === "POST" && url.pathname === "/v1/setup_intents")
        return once(() => {
          const id = `seti_standin_${setups.size + 1}`;
          const setup: Json = {
            id,
            object: "setup_intent",
            customer: body.get("customer"),
            usage: body.get("usage"),
            metadata: { subscriptionId: body.get("metadata[subscriptionId]") },
            payment_method: null,
            status: "requires_payment_method",
            client_secret: `${id}_secret_def`,
          };
          setups.set(id, setup);
          return { status: 200, body: setup };
        });
      const oneSetup = /^\/v1\/setup_intents\/(\w+)$/.exec(url.pathname);
      if (req.method === "GET" && oneSetup) {
        const setup = setups.get(oneSetup[1]!);
        if (!setup)
          return send({
            status: 404,
            body: {
              error: {
                type: "invalid_request_error",
                code: "resource_missing",
                message: `No such setupintent: '${oneSetup[1]}'`,
              },
            },
          });
        const pm = setup.payment_method as string | null;
        const expand = [...body.entries()].filter(([k]) => k.startsWith("expand")).map(([, v]) => v);
        return send({
          status: 200,
          body: { ...setup, payment_method: pm && expand.includes("payment_method") ? paymentMethod(pm) : pm },
        });
      }
      const one = /^\/v1\/payment_intents\/(\w+)$/.exec(url.pathname);
      const intent = one ? intents.get(one[1]!) : undefined;
      if (req.method === "GET" && intent) {
        const expand = [...body.entries()].filter(([k]) => k.startsWith("expand")).map(([, v]) => v);
        const pm = intent.payment_method as string | null;
        return send({
          status: 200,
          body: { ...intent, payment_method: pm && expand.includes("payment_method") ? paymentMethod(pm) : pm },
        });
      }
      send({ status: 404, body: { error: { type: "invalid_request_error", message: "not in the stand-in" } } });
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    customers,
    intents,
    requests,
    state,
    /** The buyer's browser confirms the PaymentIntent with this card (the Payment Element). */
    confirmInBrowser(id: string, pm: string, status = "succeeded") {
      Object.assign(intents.get(id)!, { status, payment_method: pm });
    },
    setups,
    /** The buyer's browser confirms the SetupIntent with this card (the Payment Element). */
    confirmSetupInBrowser(id: string, pm: string, status = "succeeded") {
      Object.assign(setups.get(id)!, { status, payment_method: pm });
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
