import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
export async function startSmtpPeer(
  port = 0,
): Promise<{ port: number; received: ReceivedMail[]; close(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  // A shop process killed mid-transaction resets its connection; a real mail server logs that
  // and goes on serving, so the peer must not turn it into an uncaught exception.
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      server.on("error", () => {});
      resolve();
    });
  });
  const address = server.server.address();
  return {
    port: typeof address === "object" && address ? address.port : port,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Decodes quoted-printable soft breaks so assertions can search the text. */
export function plainBody(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
}
