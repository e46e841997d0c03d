/**
 * `npm start`: builds when the build is missing or older than its sources (scripts/build.mjs),
 * then runs the server in this same process — so a restart with a current build takes seconds,
 * and a stop signal from npm or a process manager reaches the server itself.
 */
import { build, staleReason } from "./build.mjs";

const reason = staleReason();
if (reason) {
  console.log(`building: ${reason}`);
  build();
} else {
  console.log("build is current (`npm run build` forces one)");
}
await import("../server.js");
