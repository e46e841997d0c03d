import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { MAILBOX_DIR, SMTP_PORT } from "./mailbox";

/** A real SMTP peer for the browser journeys: the shop's worker delivers to it, tests read the files. */
export default async function globalSetup() {
  fs.rmSync(MAILBOX_DIR, { recursive: true, force: true });
  fs.mkdirSync(MAILBOX_DIR, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        fs.writeFileSync(path.join(MAILBOX_DIR, `${Date.now()}-${String(++count).padStart(4, "0")}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(SMTP_PORT, "127.0.0.1", () => resolve()));
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
