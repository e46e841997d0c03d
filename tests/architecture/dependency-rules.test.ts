import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

/**
 * `npm run deps` (part of `npm run validate`) runs dependency-cruiser with the layer rules in
 * .dependency-cruiser.cjs. These tests run the same command: on a small tree with one planted
 * break of each kind, every break must be reported and nothing else; on the shop, nothing.
 */
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CONFIG = path.join(ROOT, ".dependency-cruiser.cjs");
const DEPCRUISE = path.join(ROOT, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/**
 * Cruises app/, server/ and database/ under `cwd` as `npm run deps` does: its exit status and
 * its report, in the reporter `npm run deps` uses, or as JSON.
 */
function cruise(cwd: string, outputType: "err" | "json" = "err") {
  const run = spawnSync(
    process.execPath,
    [DEPCRUISE, "app", "server", "database", "--config", CONFIG, "--output-type", outputType],
    { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (!run.stdout) throw new Error(`dependency-cruiser printed nothing: ${run.stderr}`);
  return { status: run.status, report: run.stdout };
}

/** A tree laid out like the shop's, each planted break in a module of its own. */
const PLANTED: Record<string, string> = {
  "tsconfig.json": JSON.stringify({
    compilerOptions: {
      module: "ES2022",
      moduleResolution: "bundler",
      baseUrl: ".",
      paths: { "#app/*": ["./app/*"], "#server/*": ["./server/*"] },
    },
  }),
  // Allowed: each points down.
  "app/routes/home.tsx": 'import { Price } from "#app/components/price";\nexport const Home = () => Price(1);\n',
  "app/components/price.tsx":
    'import { cents } from "#app/domain/money";\nexport const Price = (n: number) => cents(n);\n',
  "app/models/cart.server.ts":
    'import { cents } from "../domain/money";\nexport interface Cart { total: number }\nexport const total = cents(0);\n',
  "app/domain/money.ts": "export const cents = (n: number) => n * 100;\n",
  "server/errors.ts": "export const errorBody = (message: string) => ({ error: { message } });\n",
  "server/app.ts":
    'import { total } from "#app/models/cart.server";\nimport { errorBody } from "./errors";\nexport const app = [total, errorBody];\n',
  "database/db.server.ts": 'import { cents } from "../app/domain/money";\nexport const zero = cents(0);\n',
  // Upward: the domain names a use case's type (a type-only import counts too).
  "app/domain/discount.ts":
    'import type { Cart } from "#app/models/cart.server";\nexport const discount = (cart: Cart) => cart.total / 10;\n',
  // Upward: a use case speaks HTTP through the Express edge.
  "app/models/orders/checkout.server.ts":
    'import { errorBody } from "#server/errors";\nexport const refuse = () => errorBody("no");\n',
  // A cycle: two components that import each other.
  "app/components/cart-actions.ts":
    'import { useCart } from "./cart-context";\nexport const actions = () => useCart();\n',
  "app/components/cart-context.ts":
    'import { actions } from "./cart-actions";\nexport const useCart = () => 1;\nexport const both = actions;\n',
  // Outside every layer.
  "app/helpers.ts": 'import { cents } from "./domain/money";\nexport const one = cents(1);\n',
};

const planted = fs.mkdtempSync(path.join(os.tmpdir(), "dependency-rules-"));
for (const [file, text] of Object.entries(PLANTED)) {
  fs.mkdirSync(path.dirname(path.join(planted, file)), { recursive: true });
  fs.writeFileSync(path.join(planted, file), text);
}
afterAll(() => fs.rmSync(planted, { recursive: true, force: true }));

describe("the dependency rules", () => {
  it(
    "report a planted cycle, upward imports and a module outside the layers, and nothing else",
    { timeout: 60_000 },
    () => {
      const { summary } = JSON.parse(cruise(planted, "json").report) as { summary: { violations: Violation[] } };
      // A cycle is reported once, from its first module.
      const found = summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
      expect(found).toEqual([
        "domain-imports-down: app/domain/discount.ts → app/models/cart.server.ts",
        "every-module-in-a-layer: app/helpers.ts → app/domain/money.ts",
        "no-circular: app/components/cart-actions.ts → app/components/cart-context.ts",
        "nothing-imports-server: app/models/orders/checkout.server.ts → server/errors.ts",
      ]);
      // As `npm run deps` runs it, the check fails, so `npm run validate` stops there.
      const plain = cruise(planted);
      expect(plain.status).not.toBe(0);
      expect(plain.report).toContain("4 dependency violations (4 errors");
    },
  );

  it("find no cycle and no upward import in the shop", { timeout: 120_000 }, () => {
    const { status, report } = cruise(ROOT);
    expect(report).toMatch(/no dependency violations found/);
    expect(status).toBe(0);
    // It did look: every module of app/, server/ and database/, not an empty selection.
    const cruised = Number(/\((\d+) modules/.exec(report)?.[1]);
    expect(cruised).toBeGreaterThan(300);
  });
});
