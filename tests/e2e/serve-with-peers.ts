/**
 * The browser tests' server: a real SMTP peer (messages saved as files for the tests to read)
 * and a real OpenID provider on loopback start first, then the production server.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { SMTPServer } from "smtp-server";
import { startImageApiPeer } from "../helpers/image-api-peer";
import { startNwsPeer } from "../helpers/nws-peer";
import { startOidcPeer } from "../helpers/oidc-peer";
import {
  E2E_ADMIN,
  IMAGE_API_PORT,
  MAILBOX_DIR,
  NWS_PORT,
  OIDC_CLIENT,
  OIDC_PORT,
  SMTP_PORT,
  WEATHER_AT,
} from "./mailbox";

fs.rmSync(MAILBOX_DIR, { recursive: true, force: true });
fs.mkdirSync(MAILBOX_DIR, { recursive: true });
let count = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => {
      fs.writeFileSync(
        path.join(MAILBOX_DIR, `${Date.now()}-${String(++count).padStart(4, "0")}.eml`),
        Buffer.concat(chunks),
      );
      callback();
    });
  },
});
// A dropped client connection mid-transaction is logged, as a real mail server would, rather
// than ending the process that also serves the shop under test.
smtp.on("error", (err) => console.error(`smtp peer: ${err.message}`));
await new Promise<void>((resolve) => smtp.listen(SMTP_PORT, "127.0.0.1", () => resolve()));

const publicUrl = process.env.PUBLIC_URL ?? `http://127.0.0.1:${process.env.PORT}`;
const oidc = await startOidcPeer(OIDC_PORT, `${publicUrl}/api/auth/callback/oidc`);
// The stand-in image API for the image studio (tests/helpers/image-api-peer.ts): its "slow"
// answer comes after 2.5 s, inside the 4 s timeout; its "hang" never comes.
const imageApi = await startImageApiPeer({ port: IMAGE_API_PORT, slowMs: 2500 });
// The stand-in for the National Weather Service (an outside service): two weeks of forecast, mild
// (70 °F: nothing changes) except at the places the weather journey ships to (WEATHER_AT).
const nws = await startNwsPeer(NWS_PORT, (_date, { latitude }) => {
  const place = Object.values(WEATHER_AT).find((p) => Math.abs(p.latitude - latitude) < 0.01);
  return place?.temperatureF ?? 70;
});
nws.state.days = 14;
Object.assign(process.env, {
  WEATHER: "nws",
  WEATHER_API_URL: nws.url,
  IMAGE_API_URL: imageApi.url,
  IMAGE_API_KEY: "sk-stand-in",
  IMAGE_MODEL: "stand-in-model",
  IMAGE_API_TIMEOUT_MS: "4000",
  SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}?tls=off`,
  OIDC_ISSUER: oidc.issuer,
  OIDC_CLIENT_ID: OIDC_CLIENT.id,
  OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
});
// The shop owner for the back-office journeys, created the way a real owner would.
// Asynchronously: the OpenID peer lives in this process and must keep answering meanwhile.
await promisify(execFile)(
  process.execPath,
  [
    "--import",
    "tsx",
    "scripts/create-admin.ts",
    "--email",
    E2E_ADMIN.email,
    "--password",
    E2E_ADMIN.password,
    "--name",
    "Olivia Owner",
  ],
  { env: process.env },
);

// The process entry is plain JavaScript; import it by path once the peers are up.
const serverEntry = path.resolve("server.js");
await import(serverEntry);
