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
  return { call, jar };
}
