import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = {
  "#app": fileURLToPath(new URL("./app", import.meta.url)),
  "#database": fileURLToPath(new URL("./database", import.meta.url)),
  "#server": fileURLToPath(new URL("./server", import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: [
            "app/**/*.test.{ts,tsx}",
            "database/**/*.test.ts",
            "scripts/**/*.test.ts",
            "tests/architecture/**/*.test.ts",
            "bench/**/*.test.ts",
          ],
          environment: "node",
          setupFiles: ["tests/setup/console-guard.ts"],
          // The wisdom engine's tests build its index from every guide, and the property tests run
          // hundreds of cases: seconds on a busy 2-core machine, where 5 s timed some of them out.
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/setup/global-database.ts"],
          // Each file builds its own services and database (tests/helpers), so files share a
          // worker's module cache instead of importing the whole server again: about 40 % of the
          // suite's time went to those imports.
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "reliability",
          include: ["tests/reliability/**/*.test.ts"],
          environment: "node",
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
