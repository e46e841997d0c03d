// The house style's lint half (the other half is Prettier): `npm run lint`, part of `npm run validate`.
// Rules that are wrong for this codebase are turned off below, each with its reason.
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import { importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "build/",
      "data/",
      ".react-router/",
      "public/",
      "test-results/",
      "playwright-report/",
      "bench/results/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            "*.js",
            "*.mjs",
            "*.cjs",
            ".dependency-cruiser.cjs",
            "tests/setup/*.mjs",
            "scripts/*.mjs",
          ],
        },
      },
      globals: { ...globals.node },
    },
    plugins: { "import-x": importX },
    rules: {
      "import-x/order": [
        "error",
        {
          groups: ["builtin", "external", "internal", ["parent", "sibling", "index"], "type"],
          pathGroups: [{ pattern: "#{app,database,server}/**", group: "internal" }],
          pathGroupsExcludedImportTypes: ["type"],
          "newlines-between": "never",
          alphabetize: { order: "asc", caseInsensitive: true },
        },
      ],
      "import-x/no-duplicates": "error",
      "import-x/first": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      // Express handlers and React event props take promise-returning functions by design; the
      // checks that matter (a promise nobody awaits or catches) stay on via no-floating-promises.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: false }],
      // React Router's loaders and actions throw responses (redirect(), data()) by design.
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allow: [
            { from: "lib", name: "Response" },
            { from: "package", package: "react-router", name: "DataWithResponseInit" },
          ],
        },
      ],
      // An async method that implements a promise-returning interface reads better than Promise.resolve().
      "@typescript-eslint/require-await": "off",
      // Template strings with numbers are how this codebase writes log lines and prices.
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true, allowBoolean: true }],
      // JSON from the database, Better Auth and test peers arrives untyped; it is validated where it
      // matters (Zod at the edges), so flagging every member access on it would only add casts.
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/no-unsafe-call": "off",
    },
  },
  {
    files: ["app/**/*.tsx", "app/**/*.ts"],
    ...react.configs.flat.recommended,
    ...react.configs.flat["jsx-runtime"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: { react: { version: "19" } },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // Types are checked by TypeScript; prop-types would duplicate them.
      "react/prop-types": "off",
      // Apostrophes and quotes in prose are intended; only the characters that hint at a JSX slip are flagged.
      "react/no-unescaped-entities": ["error", { forbid: [">", "}"] }],
      // Server rendering: browser-only state (localStorage, matchMedia, "mounted") can only be read after
      // hydration, which is a setState in an effect by construction. We do not run the React Compiler.
      "react-hooks/set-state-in-effect": "off",
      // The cart keeps a latest-value ref, written during render, for callbacks that must stay stable.
      "react-hooks/refs": "off",
    },
  },
  {
    files: ["tests/**/*.ts", "bench/**/*.ts", "scripts/**/*.ts", "**/*.test.ts", "**/*.test.tsx"],
    rules: {
      // Tests and tools assert on shapes they just built; non-null assertions there say "the test fails if not".
      "@typescript-eslint/no-non-null-assertion": "off",
      // Tests read whatever JSON a response carries and assert on it; typing it first would prove nothing.
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  {
    // Kysely's documented migration signature is Kysely<any>: a migration must not depend on today's schema type.
    files: ["database/migrations/**/*.ts", "database/migrate.server.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["scripts/screenshots.mjs"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
