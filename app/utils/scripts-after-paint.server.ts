import { Transform, type TransformCallback } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/*
 * The page's JavaScript is fetched after the browser's first paint, not beside the stylesheet and
 * the largest image (docs/decisions/015-lightest-storefront.md, "scripts after the first paint").
 *
 * React Router's <Scripts> writes a `<link rel="modulepreload">` for every module of the page
 * (React hoists them into <head>) and one module script whose static `import`s load the route
 * modules. All of it starts downloading as soon as the HTML is parsed, so on a slow connection
 * ~100 KB of script shares the line with the stylesheet and the hero picture, and the first paint
 * waits for bandwidth it does not need: the page is server-rendered, and taps and typing before
 * hydration are held (decision 018).
 *
 * This rewrites that output as it streams: the modulepreload links leave <head>, and the module
 * script first waits for a frame and a task (a timer in a hidden tab, which gets no frames), then
 * adds the same modulepreload links, so every module is still fetched at once in parallel, and
 * loads the route modules with `import()` instead of static imports. What the rest of the script
 * does (manifest, route modules, hydration) is unchanged; the manifest loses its indentation.
 */

const MODULEPRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const BOOTSTRAP = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/;
const STATIC_IMPORT = /import \* as (\w+) from ("[^"]+");/g;
// React Router writes the page's part of the route manifest indented (JSON.stringify(…, null, 2)).
const MANIFEST = /window\.__reactRouterManifest = (\{[\s\S]*?\n\});/;

/** The manifest without its indentation (about a third of its bytes); as it was if it is not JSON. */
function compactManifest(script: string): string {
  return script.replace(MANIFEST, (all, json: string) => {
    try {
      // `<` escaped as in any JSON written into a script: no "</script>" can close it early.
      return `window.__reactRouterManifest = ${JSON.stringify(JSON.parse(json)).replace(/</g, "\\u003c")};`;
    } catch {
      return all;
    }
  });
}

/** The bootstrap module script's body, deferred until after the first paint. */
export function deferBootstrap(body: string, preloads: string[]): string {
  const modules: Array<{ name: string; href: string }> = [];
  const rest = body.replace(STATIC_IMPORT, (_all, name: string, href: string) => {
    modules.push({ name, href });
    return "";
  });
  // Kept short: it is inline in every page, and the longest guide is near the 20 KB inline budget.
  return [
    "await new Promise((go) => { requestAnimationFrame(() => setTimeout(go)); setTimeout(go, 200); });",
    `for (const href of ${JSON.stringify(preloads)}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    modules.length
      ? `const [${modules.map((m) => m.name).join(", ")}] = await Promise.all([${modules.map((m) => `import(${m.href})`).join(", ")}]);`
      : "",
    compactManifest(rest),
  ].join("\n");
}

/**
 * A stream transform for the page's HTML: holds the head and body until React Router's module
 * script has passed (all written at once when the shell is ready), rewrites them, then passes
 * everything after (streamed Suspense content) through untouched. A page without that script
 * (an error before the shell) is passed on unchanged.
 */
export function scriptsAfterPaint(): Transform {
  // Text, not bytes: a chunk may end inside a multi-byte character.
  const decoder = new StringDecoder("utf8");
  let held = "";
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      const text = decoder.write(chunk);
      if (done) return callback(null, text ? Buffer.from(text, "utf8") : undefined);
      held += text;
      const bootstrap = BOOTSTRAP.exec(held);
      if (!bootstrap) return callback();
      done = true;
      const preloads: string[] = [];
      const before = held.slice(0, bootstrap.index).replace(MODULEPRELOAD, (_link, href: string) => {
        preloads.push(href);
        return "";
      });
      const script = `${bootstrap[1]}${deferBootstrap(bootstrap[2]!, preloads)}${bootstrap[3]}`;
      const after = held.slice(bootstrap.index + bootstrap[0].length);
      held = "";
      callback(null, Buffer.from(before + script + after, "utf8"));
    },
    flush(callback: TransformCallback) {
      const rest = held + decoder.end();
      callback(null, rest ? Buffer.from(rest, "utf8") : undefined);
    },
  });
}
