/**
 * Fetches one response exactly as the server sent it. node:http does not decode bodies (fetch
 * would gunzip/un-brotli them), so the bytes kept here are the compressed bytes on the wire,
 * which is what the bare server must replay for a fair comparison.
 */
import http from "node:http";

export interface CapturedResponse {
  status: number;
  /** Raw header pairs as received (names keep their case; repeated headers stay repeated). */
  rawHeaders: string[];
  body: Buffer;
}

export function capture(
  url: string,
  headers: Record<string, string>,
  method = "GET",
  body?: string,
): Promise<CapturedResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout fetching ${url}`)));
    req.end(body);
  });
}

export function headerOf(c: CapturedResponse, name: string): string | undefined {
  for (let i = 0; i < c.rawHeaders.length; i += 2)
    if (c.rawHeaders[i]!.toLowerCase() === name) return c.rawHeaders[i + 1];
  return undefined;
}
