// The scale-out test puts Debian's nginx in front of two instances. Install it when missing,
// without letting the package start its own service (it would bind port 80 and outlive the run).
import { execSync } from "node:child_process";
import fs from "node:fs";

const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
if (fs.existsSync(NGINX)) process.exit(0);

console.log(`${NGINX} is missing: installing Debian's nginx package…`);
const root = process.getuid?.() === 0;
const sudo = root ? "" : "sudo ";
const POLICY = "/usr/sbin/policy-rc.d";
const PID_FILE = "/run/nginx.pid";

// invoke-rc.d asks policy-rc.d before starting a service; 101 means "not allowed". We only add
// one when there is none (and remove it afterwards); containers usually ship exactly this one.
const ownPolicy = !fs.existsSync(POLICY);
const pidBefore = fs.existsSync(PID_FILE);
try {
  if (ownPolicy)
    execSync(`${sudo}sh -c 'printf "#!/bin/sh\\nexit 101\\n" > ${POLICY} && chmod 755 ${POLICY}'`, {
      stdio: "inherit",
    });
  // RUNLEVEL=1 makes the init scripts' helpers skip starting too; no systemd is involved.
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive RUNLEVEL=1 apt-get install -y -qq --no-install-recommends nginx`,
    {
      stdio: "inherit",
    },
  );
} catch {
  console.error("Could not install nginx with apt-get; install it (apt-get install nginx) or set NGINX_PATH.");
  process.exit(1);
} finally {
  if (ownPolicy) execSync(`${sudo}rm -f ${POLICY}`);
}

// Belt and braces: if a policy allowed the service to start anyway, stop the master it started
// (by its pid file, which did not exist before the install).
if (!pidBefore && fs.existsSync(PID_FILE)) {
  const pid = Number(fs.readFileSync(PID_FILE, "utf8").trim());
  if (pid > 0) {
    console.log(`stopping the nginx service the package started (pid ${pid})`);
    try {
      execSync(`${sudo}kill -QUIT ${pid}`);
    } catch {
      // already gone
    }
  }
}

if (!fs.existsSync(NGINX)) {
  console.error(`nginx was installed but ${NGINX} does not exist`);
  process.exit(1);
}
