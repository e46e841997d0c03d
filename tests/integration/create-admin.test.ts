import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { testDatabaseKind } from "../helpers/test-database";

const run = promisify(execFile);

// The script itself, as the owner runs it: it must say which database it wrote to.
describe.skipIf(testDatabaseKind() !== "sqlite")("npm run create-admin", () => {
  it("names the database it wrote the administrator to", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lr-admin-"));
    const { DATABASE_URL: _unset, ...env } = process.env;
    const { stdout } = await run(
      process.execPath,
      ["--import", "tsx", "scripts/create-admin.ts", "--email", "owner@example.com", "--password", "owner123"],
      { env: { ...env, DATA_DIR: dataDir, NODE_ENV: "test" }, timeout: 60_000 },
    );
    expect(stdout).toContain("Created administrator owner@example.com");
    expect(stdout).toContain(`Database: SQLite file ${path.join(dataDir, "shop.db")}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 90_000);
});
