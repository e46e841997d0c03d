import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const ROOT_ROUTE = fileURLToPath(new URL("./app/root.tsx", import.meta.url));

interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[] } | null;
}

/** Small modules nearly every page imports (page meta, product pictures): cheaper in the shell than as files of their own. */
const NEARLY_EVERY_PAGE = /[\\/]app[\\/](utils[\\/]seo|components[\\/]product-image|domain[\\/](images|money))\.tsx?$/;

/**
 * True when `id` is app/root.tsx or imported statically, directly or not, by it (so every page
 * loads it). The root route's own code goes in the shell too: its entry file is then a one-line
 * re-export, and every page fetches one file of ~6 KB instead of two that compress worse apart.
 */
function loadedByEveryPage(id: string, graph: ModuleGraph, seen = new Set<string>()): boolean {
  if (id === ROOT_ROUTE) return true;
  if (seen.has(id)) return false;
  seen.add(id);
  return (graph.getModuleInfo(id)?.importers ?? []).some((importer) => loadedByEveryPage(importer, graph, seen));
}

const LUCIDE = fileURLToPath(new URL("./node_modules/lucide/dist/esm/", import.meta.url));

/**
 * `import { Truck, Leaf } from "lucide"` becomes the icons' path data, written into the importing
 * module at build time (a few dozen bytes each). Through the package's barrel every icon any page
 * draws counted as imported by the root route's header, so the admin's icons went into the shell
 * chunk every storefront page loads; as modules of their own they became a tiny file per icon.
 */
function inlineLucideIcons(): Plugin {
  let files: Map<string, string> | undefined;
  const data = new Map<string, string>();
  const iconData = (file: string) => {
    let body = data.get(file);
    if (body === undefined) {
      const source = fs.readFileSync(`${LUCIDE}icons/${file}`, "utf8");
      body = /^const \w+ = (\[[\s\S]*?\]);\s*$/m.exec(source)?.[1];
      if (!body) throw new Error(`unexpected lucide icon module ${file}`);
      data.set(file, body);
    }
    return body;
  };
  return {
    name: "inline-lucide-icons",
    enforce: "pre",
    transform(code, id) {
      if (!code.includes('from "lucide"') || !/[\\/]app[\\/][^?]*\.tsx?$/.test(id)) return null;
      // Lines like `export { default as Trash, default as Trash2 } from './icons/trash.mjs';`
      files ??= new Map(
        [
          ...fs
            .readFileSync(`${LUCIDE}lucide.mjs`, "utf8")
            .matchAll(/export \{([^}]*)\} from '\.\/icons\/([\w-]+\.mjs)'/g),
        ].flatMap((m) => [...m[1]!.matchAll(/default as (\w+)/g)].map((name) => [name[1]!, m[2]!] as const)),
      );
      const lookup = files;
      return {
        code: code.replace(/import\s*\{([^}]*)\}\s*from\s*"lucide";?/g, (_all, specifiers: string) =>
          specifiers
            .split(",")
            .map((s) => s.trim())
            .filter((s) => s && !s.startsWith("type "))
            .map((specifier) => {
              const [name, local = name] = specifier.split(/\s+as\s+/) as [string, string?];
              const file = lookup.get(name);
              if (!file) throw new Error(`${id}: no lucide icon named ${name}`);
              return `const ${local} = ${iconData(file).replace(/\s*\n\s*/g, "")};`;
            })
            .join("\n"),
        ),
        map: null,
      };
    },
  };
}

const PRELOAD_HELPER = "\0vite/preload-helper.js";

/**
 * Vite wraps every dynamic `import()` in its preload helper (0.7 KB in the shell) even with
 * `modulePreload: false`, because the helper also loads a lazy chunk's own stylesheet
 * (vitejs/vite#13952). Here the one stylesheet is linked by the root route, so the helper has
 * nothing to do: it becomes a call of the import itself. The build fails if a chunk ever gets a
 * stylesheet of its own, since the stub would not load it.
 */
function noPreloadHelper(): Plugin {
  return {
    name: "no-preload-helper",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.config.consumer === "client",
    resolveId: (id) => (id === PRELOAD_HELPER ? id : null),
    load: (id) => (id === PRELOAD_HELPER ? "export const __vitePreload = (load) => load();" : null),
    generateBundle(_options, bundle) {
      const sheets = Object.keys(bundle).filter((name) => name.endsWith(".css"));
      if (sheets.length > 1) {
        throw new Error(
          `more than one stylesheet (${sheets.join(", ")}): lazy chunks' CSS needs Vite's preload helper`,
        );
      }
    },
  };
}

/**
 * React Router's package points every bundler at its development build, which differs from the
 * production one only in `ENABLE_DEV_WARNINGS`; the browser gets the production build, so the
 * minifier drops the warnings' code.
 */
const REACT_ROUTER_PRODUCTION = [
  {
    find: /^react-router$/,
    replacement: fileURLToPath(new URL("./node_modules/react-router/dist/production/index.mjs", import.meta.url)),
  },
  {
    find: /^react-router\/dom$/,
    replacement: fileURLToPath(new URL("./node_modules/react-router/dist/production/dom-export.mjs", import.meta.url)),
  },
];

// The Express app (server/app.ts) is the SSR build entry, so the server bundle holds the
// API, the worker and the React Router handler as one module graph with one database handle.
//
// Browser chunks (docs/decisions/008-storefront-javascript-budget.md): React, React DOM and
// React Router in one "framework" chunk, and the root route with everything it pulls in — which every
// page loads anyway — in one "shell" chunk, instead of a dozen tiny shared files each paying
// its own request and compression overhead.
export default defineConfig(({ isSsrBuild, mode }) => ({
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" } }
    : {
        // Vite's preload helper (about 0.8 KB in the shell) wrapped each lazy import to fetch its
        // dependencies alongside it. Lazy code here is fetched when idle or on first reach, where
        // one more round trip is not felt; route modules are preloaded by React Router itself.
        modulePreload: false,
        rolldownOptions: {
          output: {
            advancedChunks: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                  priority: 20,
                },
                // One file of its own, not a copy in each chunk that uses it.
                { name: "availability", test: /[\\/]app[\\/]domain[\\/]availability\.ts$/, priority: 16 },
                {
                  name: (id: string, graph: ModuleGraph) =>
                    NEARLY_EVERY_PAGE.test(id) || loadedByEveryPage(id, graph) ? "shell" : null,
                  priority: 10,
                },
              ],
            },
          },
        },
      },
  resolve: {
    alias: [
      { find: "#app", replacement: fileURLToPath(new URL("./app", import.meta.url)) },
      { find: "#database", replacement: fileURLToPath(new URL("./database", import.meta.url)) },
      { find: "#server", replacement: fileURLToPath(new URL("./server", import.meta.url)) },
      ...(isSsrBuild || mode !== "production" ? [] : REACT_ROUTER_PRODUCTION),
    ],
  },
  plugins: [noPreloadHelper(), inlineLucideIcons(), tailwindcss(), reactRouter()],
}));
