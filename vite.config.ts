import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const ROOT_ROUTE = fileURLToPath(new URL("./app/root.tsx", import.meta.url));

interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[] } | null;
}

/** Small modules nearly every page imports (page meta, product pictures): cheaper in the shell than as files of their own. */
const NEARLY_EVERY_PAGE = /[\\/]app[\\/](utils[\\/]seo|components[\\/]product-image|domain[\\/]images)\.tsx?$/;

/** True when `id` is imported statically, directly or not, by app/root.tsx (so every page loads it). */
function loadedByEveryPage(id: string, graph: ModuleGraph, seen = new Set<string>()): boolean {
  if (id === ROOT_ROUTE) return true;
  if (seen.has(id)) return false;
  seen.add(id);
  return (graph.getModuleInfo(id)?.importers ?? []).some((importer) => loadedByEveryPage(importer, graph, seen));
}

// The Express app (server/app.ts) is the SSR build entry, so the server bundle holds the
// API, the worker and the React Router handler as one module graph with one database handle.
//
// Browser chunks (docs/decisions/008-storefront-javascript-budget.md): React, React DOM and
// React Router in one "framework" chunk, and everything the root route pulls in — which every
// page loads anyway — in one "shell" chunk, instead of a dozen tiny shared files each paying
// its own request and compression overhead.
export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/app.ts" } }
    : {
        rolldownOptions: {
          output: {
            advancedChunks: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                  priority: 20,
                },
                {
                  name: (id: string, graph: ModuleGraph) =>
                    id !== ROOT_ROUTE && (NEARLY_EVERY_PAGE.test(id) || loadedByEveryPage(id, graph)) ? "shell" : null,
                  priority: 10,
                },
              ],
            },
          },
        },
      },
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  plugins: [tailwindcss(), reactRouter()],
}));
