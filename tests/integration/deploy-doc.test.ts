import fs from "node:fs";
import { describe, expect, it } from "vitest";

/** The `location /` block of the nginx sample in docs/deploy.md, as an operator copies it. */
function nginxLocation(): string {
  const doc = fs.readFileSync("docs/deploy.md", "utf8");
  const block = /location \/ \{([\s\S]*?)\n\s*\}/.exec(doc)?.[1];
  if (!block) throw new Error("docs/deploy.md has no nginx `location /` block");
  return block;
}

describe("the documented nginx block", () => {
  it("sets every forwarding header Express trusts behind a proxy, so none comes from the client", () => {
    const set = new Map(
      [...nginxLocation().matchAll(/^\s*proxy_set_header\s+(\S+)\s+(.+?);/gm)].map((m) => [m[1]!.toLowerCase(), m[2]!]),
    );
    // Express reads these three when "trust proxy" is on (req.ip, req.protocol, req.hostname);
    // a header nginx does not set passes through exactly as the client wrote it.
    for (const header of ["x-forwarded-for", "x-forwarded-proto", "x-forwarded-host"])
      expect(set.has(header), `proxy_set_header ${header}`).toBe(true);
    // The client's own list is only appended to; the others are replaced outright.
    expect(set.get("x-forwarded-for")).toBe("$proxy_add_x_forwarded_for");
    expect(set.get("x-forwarded-host")).not.toContain("$http_x_forwarded_host");
  });
});
