/**
 * `npm start`: builds when the build is missing or older than its sources (scripts/build.mjs),
 * then runs the server in this same process — so a restart with a current build takes seconds,
 * and a stop signal from npm or a process manager reaches the server itself.
 */
import { build, staleReason } from "./build.mjs";

// The same JSON line shape as the server's pino logs (level 30 is info): stdout stays one JSON
// object per line for whatever collects it.
const log = (msg) => console.log(JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, msg }));

const reason = staleReason();
if (reason) {
  log(`building: ${reason}`);
  build();
} else {
  log("build is current (`npm run build` forces one)");
}
await import("../server.js");
