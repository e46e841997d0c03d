export interface ApiFailure {
  error: { code: string; message: string; reason?: string };
}

export async function postJson<T>(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; data: T | ApiFailure }> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const data = (await res
    .json()
    .catch(() => ({ error: { code: "internal", message: "Unexpected answer from the server." } }))) as T | ApiFailure;
  return { status: res.status, data };
}

export function isFailure(data: unknown): data is ApiFailure {
  return typeof data === "object" && data !== null && "error" in data;
}
