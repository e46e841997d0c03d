// Which way imports may point (docs/architecture.md, "The layers"; decision 026). `npm run deps`
// checks app/, server/ and database/ against it as part of `npm run validate`;
// tests/architecture/dependency-rules.test.ts checks that a planted cycle and a planted upward
// import are caught. Paths are relative to the repository root.

/** Each layer, by path. The shell is the document and the route table, which wire everything. */
const LAYERS = {
  server: "^server/",
  shell: "^app/(root|routes|entry[.]server|entry[.]client|load-context)[.]tsx?$",
  routes: "^app/routes/",
  components: "^app/components/",
  forms: "^app/forms/",
  models: "^app/models/",
  utils: "^app/utils/",
  services: "^app/services/",
  config: "^app/config[.]server[.]ts$",
  database: "^database/",
  domain: "^app/domain/",
};

/**
 * What each layer may import besides itself and npm packages: only layers below it. A layer not
 * named here is out of reach. The list for a layer is the whole rule; nothing else is allowed.
 */
const MAY_IMPORT = {
  server: ["shell", "routes", "components", "forms", "models", "utils", "services", "config", "database", "domain"],
  shell: ["routes", "components", "forms", "models", "utils", "services", "config", "domain"],
  routes: ["components", "forms", "models", "utils", "services", "config", "domain"],
  components: ["forms", "models", "utils", "domain"],
  forms: ["domain"],
  models: ["forms", "utils", "services", "config", "database", "domain"],
  utils: ["config", "domain"],
  services: ["config", "database", "domain"],
  config: ["services", "domain"],
  database: ["domain"],
  domain: [],
};

// Tests may reach past their layer (a domain test reads the seed catalogue); the code they test may not.
const TESTS = "[.]test[.]tsx?$";
const anyOf = (names) => `(${names.map((name) => LAYERS[name]).join("|")})`;

const layerRules = Object.entries(MAY_IMPORT).flatMap(([layer, allowed]) => {
  const reachable = [layer, ...allowed];
  // server/ is left to nothing-imports-server, so an import of it is reported once.
  const outOfReach = Object.keys(LAYERS).filter((name) => name !== "server" && !reachable.includes(name));
  if (outOfReach.length === 0) return [];
  return {
    name: `${layer}-imports-down`,
    comment: `${layer} may import only ${allowed.length > 0 ? allowed.join(", ") : "itself"} (and npm packages).`,
    severity: "error",
    from: { path: LAYERS[layer], pathNot: TESTS },
    to: { path: anyOf(outOfReach) },
  };
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "A cycle makes two modules one: neither can be understood, tested or moved alone.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "nothing-imports-server",
      comment: "server/ is the Express edge: it builds what app/ needs and hands it down, never the reverse.",
      severity: "error",
      from: { path: "^(app|database)/" },
      to: { path: LAYERS.server },
    },
    ...layerRules,
    {
      name: "every-module-in-a-layer",
      comment: "A module outside every layer escapes the rules above: give it a place in LAYERS first.",
      severity: "error",
      from: { path: "^(app|server|database)/", pathNot: [...Object.values(LAYERS), TESTS] },
      to: {},
    },
    {
      name: "no-unresolvable",
      comment: "An import the resolver cannot find is a typo or a missing package; either hides edges.",
      severity: "error",
      from: {},
      // React Router's generated route types (./+types/*, under .react-router/types through
      // tsconfig's rootDirs) and its virtual server build exist only for its own tooling.
      to: { couldNotResolve: true, pathNot: "^([.]/[+]types/|virtual:react-router/)" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|build|[.]react-router)/" },
    // Type-only imports count: a type pulled from a layer above ties the two as much as a value.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json", ".d.ts"],
    },
    skipAnalysisNotInRules: true,
  },
};
