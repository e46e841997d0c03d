import http from "node:http";
import { listenOnLoopback } from "./loopback";

export interface LlmRequest {
  path: string;
  authorization: string | undefined;
  body: {
    model?: string;
    temperature?: number;
    messages?: Array<{ role: string; content: string }>;
  };
}

/** What the stand-in does with one request: answer this text, fail with a status, or never answer. */
export type LlmReply = { content: string } | { status: number } | "hang";

/** The passages of a request as the shop numbered them ("[1] Heading: text"), by id. */
export function passagesOf(request: LlmRequest): Map<number, string> {
  const user = request.body.messages?.find((m) => m.role === "user")?.content ?? "";
  const block = user.split(/\n\nQuestion: /)[0]!.replace(/^Passages:\n/, "");
  const passages = new Map<number, string>();
  for (const part of block.split(/\n\n(?=\[\d+\] )/)) {
    const m = /^\[(\d+)\] ([\s\S]*)$/.exec(part);
    if (m) passages.set(Number(m[1]), m[2]!);
  }
  return passages;
}

/**
 * A stand-in for a language model: an OpenAI-compatible chat-completions server (as llama.cpp's or
 * Ollama's) on loopback, shaped like one but with no model behind it. `reply` decides each answer
 * from the request; `delayMs` holds every answer that long, as a model takes time to write.
 */
export async function startLlmPeer(
  options: { port?: number; delayMs?: number; reply?: (r: LlmRequest) => LlmReply } = {},
) {
  const requests: LlmRequest[] = [];
  const state = {
    delayMs: options.delayMs ?? 0,
    reply: options.reply ?? ((): LlmReply => ({ content: "The guides cover this [1]." })),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
        res.writeHead(404, { "Content-Type": "application/json" }).end('{"error":{"message":"Not found"}}');
        return;
      }
      const request: LlmRequest = {
        path: req.url,
        authorization: req.headers.authorization,
        body: JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as LlmRequest["body"],
      };
      requests.push(request);
      const reply = state.reply(request);
      if (reply === "hang") return; // never answers; close() ends the socket
      setTimeout(() => {
        if ("status" in reply) {
          res
            .writeHead(reply.status, { "Content-Type": "application/json" })
            .end(JSON.stringify({ error: { message: "the stand-in failed on purpose" } }));
          return;
        }
        res.writeHead(200, { "Content-Type": "application/json" }).end(
          JSON.stringify({
            id: `chatcmpl-${requests.length}`,
            object: "chat.completion",
            created: Math.floor(Date.now() / 1000),
            model: request.body.model,
            choices: [{ index: 0, message: { role: "assistant", content: reply.content }, finish_reason: "stop" }],
          }),
        );
      }, state.delayMs);
    });
  });
  const { port, close } = await listenOnLoopback(server, options.port ?? 0);
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    state,
    close,
  };
}
