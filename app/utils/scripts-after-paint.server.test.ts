import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { deferBootstrap, scriptsAfterPaint } from "./scripts-after-paint.server";

const HEAD =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n0"/>' +
  '<link rel="modulepreload" href="/assets/framework-B.js" nonce="n0"/></head>';
const BODY = "<body><h1>Chaeto – “premium” 🌿</h1>";
const BOOTSTRAP =
  '<script nonce="n0" type="module" async="">;\nimport * as route0 from "/assets/root-C.js";\n' +
  'import * as route1 from "/assets/product-D.js";\n  window.__reactRouterRouteModules = {"root":route0,"routes/product":route1};\n' +
  'import("/assets/entry.client-A.js");</script>';
const STREAMED = '<script nonce="n0">window.__reactRouterContext.streamController.close();</script></body></html>';
const PAGE = HEAD + BODY + BOOTSTRAP + STREAMED;

async function rewrite(chunks: Buffer[]): Promise<string> {
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(scriptsAfterPaint())) out.push(chunk as Buffer);
  return Buffer.concat(out).toString("utf8");
}

describe("scripts after the first paint", () => {
  it("takes the modulepreloads out of the head and has the module script add them after a frame", async () => {
    const html = await rewrite([Buffer.from(PAGE)]);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(html).toContain(BODY);
    expect(html.endsWith(STREAMED)).toBe(true);
    const script = /<script nonce="n0" type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    // Waits for a frame and a task (a timer for a hidden tab) before anything is fetched.
    expect(script.indexOf("requestAnimationFrame")).toBeLessThan(script.indexOf("modulepreload"));
    expect(script).toContain('["/assets/entry.client-A.js","/assets/framework-B.js"]');
    expect(script).toContain(
      'const [route0, route1] = await Promise.all([import("/assets/root-C.js"), import("/assets/product-D.js")]);',
    );
    expect(script).not.toMatch(/^import \* as/m);
    expect(script).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/product":route1};');
    expect(script).toContain('import("/assets/entry.client-A.js");');
  });

  it("gives the same page however the stream is cut, inside a character or a tag", async () => {
    const whole = await rewrite([Buffer.from(PAGE)]);
    const bytes = Buffer.from(PAGE);
    for (let cut = 1; cut < bytes.length; cut += 7) {
      expect(await rewrite([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(whole);
    }
  });

  it("passes a page without React Router's module script through unchanged", async () => {
    const page = HEAD + BODY + "</body></html>";
    expect(await rewrite([Buffer.from(page)])).toBe(page);
  });

  it("writes the route manifest without its indentation, the same data, nothing that could close the script", () => {
    const manifest = { entry: { module: "/assets/entry.client-A.js", imports: ["/a.js"] }, note: "</script>" };
    const body = `import("/e.js");\n  window.__reactRouterManifest = ${JSON.stringify(manifest, null, 2)};\n  window.x = 1;`;
    const script = deferBootstrap(body, []);
    const written = /window\.__reactRouterManifest = (.*);\n/.exec(script)?.[1] ?? "";
    expect(JSON.parse(written)).toEqual(manifest);
    expect(written).not.toContain("\n");
    expect(written).not.toContain("</script>");
    expect(script.length).toBeLessThan(body.length + 200);
    expect(script).toContain("window.x = 1;");
  });

  it("defers a bootstrap without route modules too", () => {
    expect(deferBootstrap('import("/e.js");', [])).toMatch(/^await new Promise[\s\S]*import\("\/e\.js"\);$/);
  });
});
