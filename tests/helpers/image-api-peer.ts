import http from "node:http";
import sharp from "sharp";
import { listenOnLoopback } from "./loopback";

export interface ImageApiRequest {
  path: string;
  authorization: string | undefined;
  body: { model?: string; prompt?: string; n?: number; size?: string; response_format?: string };
}

/**
 * A stand-in for an OpenAI-compatible images API on loopback. What it does follows the prompt:
 * "refuse" → 400 with an error message, "slow" → a good picture after `slowMs`, "hang" → no
 * answer at all, "malformed" → bytes that are no picture, "via url" → a `url` answer instead of
 * b64_json; anything else → a good picture of the size asked for.
 */
export async function startImageApiPeer(options: { port?: number; slowMs?: number } = {}) {
  const requests: ImageApiRequest[] = [];
  const slowMs = options.slowMs ?? 2500;
  const picture = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 14, g: 124, b: 123 } } })
      .png()
      .toBuffer();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void (async () => {
        if (req.method === "GET" && req.url === "/files/picture.png") {
          res.writeHead(200, { "Content-Type": "image/png" }).end(await picture(320, 320));
          return;
        }
        if (req.method !== "POST" || !req.url?.endsWith("/images/generations")) {
          res.writeHead(404, { "Content-Type": "application/json" }).end('{"error":{"message":"Not found"}}');
          return;
        }
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as ImageApiRequest["body"];
        requests.push({ path: req.url, authorization: req.headers.authorization, body });
        const prompt = body.prompt ?? "";
        const json = (status: number, payload: unknown) =>
          res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(payload));
        if (/refuse/i.test(prompt))
          return json(400, {
            error: { message: "Your request was rejected by the safety system.", type: "image_generation_user_error" },
          });
        if (/hang/i.test(prompt)) return; // never answers; close() ends the socket
        if (/malformed/i.test(prompt))
          return json(200, { data: [{ b64_json: Buffer.from("this is not a picture at all").toString("base64") }] });
        if (/via url/i.test(prompt)) {
          const { port } = server.address() as { port: number };
          return json(200, { data: [{ url: `http://127.0.0.1:${port}/files/picture.png` }] });
        }
        if (/slow/i.test(prompt)) await new Promise((r) => setTimeout(r, slowMs));
        const [width, height] = (body.size ?? "1024x1024").split("x").map(Number);
        const bytes = await picture(width || 1024, height || 1024);
        json(200, { created: Math.floor(Date.now() / 1000), data: [{ b64_json: bytes.toString("base64") }] });
      })();
    });
  });
  const { port, close } = await listenOnLoopback(server, options.port ?? 0);
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close,
  };
}
