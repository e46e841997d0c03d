import type { AppServices } from "#server/services";

/** A tiny cookie-keeping client for Better Auth's HTTP endpoints, as a browser would use them. */
/** `origin` is the shop's PUBLIC_URL as the browser would send it (the test config's default). */
export function authClient(baseUrl: string, ip = "203.0.113.7", origin = "http://localhost:3000") {
  const jar = new Map<string, string>();
  async function call(path: string, body?: unknown, method = body === undefined ? "GET" : "POST") {
    const headers: Record<string, string> = { Origin: origin, "X-Forwarded-For": ip };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (jar.size > 0) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await fetch(`${baseUrl}/api/auth${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      // A browser keeps the cookies of a redirect (e.g. the verification link signing in); fetch would drop them.
      redirect: "manual",
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const [name, ...value] = pair!.split("=");
      if (/max-age=0/i.test(cookie) || value.join("=") === "") jar.delete(name!);
      else jar.set(name!, value.join("="));
    }
    const text = await res.text();
    let json: any = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: res.status, json };
  }
  /**
   * Sign-up answers alike for new and known addresses and signs nobody in (no account enumeration),
   * so a test that needs the new customer's session signs in after it, as the person would.
   */
  async function signUp(body: { email: string; password: string; name: string }) {
    const up = await call("/sign-up/email", body);
    if (up.status === 200) await call("/sign-in/email", { email: body.email, password: body.password });
    return up;
  }
  return { call, signUp, jar };
}

/** The latest mail of `kind` queued for `to`, as the outbox holds it. */
export function latestMail(services: AppServices, to: string, kind: string) {
  return services.database.db
    .selectFrom("outbox")
    .selectAll()
    .where("to_address", "=", to)
    .where("kind", "=", kind)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
}

/** The link in the latest mail of `kind` to `to`, as its reader would click it. */
export async function latestMailLink(services: AppServices, to: string, kind: string): Promise<string> {
  const row = await latestMail(services, to, kind);
  const match = row.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in ${kind} mail`);
  return match[0].replace(/[)\]]+$/, "");
}

/** Opens a mailed auth link with the client's cookies (a verification link signs its reader in). */
export async function follow(link: string, client: ReturnType<typeof authClient>) {
  const { pathname, search } = new URL(link);
  return client.call(`${pathname.replace("/api/auth", "")}${search}`);
}
