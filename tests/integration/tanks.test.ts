import { describe, expect, it } from "vitest";
import { loader as tankLoader } from "#app/routes/tank";
import { authClient } from "../helpers/auth-client";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";

/** Issue 37: a customer's tanks and parameter log over the JSON API. */
describe(`tanks on ${testDatabaseKind()}`, () => {
  const t = useTestServer();

  async function customer(name: string, ip: string) {
    const client = authClient(t.url, ip);
    const email = `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await client.signUp({ email, password: "reef12345", name });
    const cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const call = (path: string, init: { method?: string; json?: unknown; body?: string; type?: string } = {}) =>
      fetch(`${t.url}/api${path}`, {
        method: init.method ?? (init.json !== undefined || init.body !== undefined ? "POST" : "GET"),
        headers: {
          cookie,
          "X-Forwarded-For": ip,
          ...(init.json !== undefined ? { "Content-Type": "application/json" } : {}),
          ...(init.body !== undefined ? { "Content-Type": init.type ?? "text/csv" } : {}),
        },
        body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
      });
    return { client, email, call };
  }

  async function newTank(c: Awaited<ReturnType<typeof customer>>) {
    const res = await c.call("/tanks", {
      json: { name: "Living room 75", displayVolume: 75, sumpVolume: 20, volumeUnit: "gal", corals: ["sps", "lps"] },
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { tank: { id: string } }).tank;
  }

  it("creates, lists and reads a customer's tanks; another customer's is not found; signed out is 401", async () => {
    const rae = await customer("rae", "198.51.100.150");
    const sam = await customer("sam", "198.51.100.151");
    const res = await rae.call("/tanks", {
      json: { name: "Living room 75", displayVolume: 75, sumpVolume: 20, volumeUnit: "gal", corals: ["sps", "lps"] },
    });
    expect(res.status).toBe(201);
    const { tank } = await res.json();
    expect(tank).toMatchObject({
      name: "Living room 75",
      displayVolume: 75,
      sumpVolume: 20,
      volumeUnit: "gal",
      corals: ["lps", "sps"],
    });
    expect((await (await rae.call("/tanks")).json()).tanks.map((x: { id: string }) => x.id)).toEqual([tank.id]);
    expect((await (await rae.call(`/tanks/${tank.id}`)).json()).tank.id).toBe(tank.id);

    expect((await sam.call(`/tanks/${tank.id}`)).status).toBe(404);
    expect(
      (await sam.call(`/tanks/${tank.id}/readings`, { json: { parameter: "ph", value: 8.1, unit: "pH" } })).status,
    ).toBe(404);
    expect((await sam.call(`/tanks/${tank.id}/readings.csv`)).status).toBe(404);
    expect((await (await sam.call("/tanks")).json()).tanks).toEqual([]);
    expect((await sam.call("/tanks/not-a-uuid")).status).toBe(404);

    // The page too: another customer's tank is not found; signed out goes to sign in.
    const cookieOf = (c: typeof rae) => [...c.client.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const load = (cookie?: string) =>
      tankLoader({
        request: new Request(`http://shop.test/account/tanks/${tank.id}`, cookie ? { headers: { cookie } } : {}),
        params: { tankId: tank.id },
        context: { services: t.services, clientIp: "198.51.100.150" },
      } as never).then(
        (loaded) => (loaded as { tank: { name: string } }).tank.name,
        (thrown: unknown) =>
          thrown instanceof Response ? thrown.status : (thrown as { init: { status: number } }).init.status,
      );
    expect(await load(cookieOf(rae))).toBe("Living room 75");
    expect(await load(cookieOf(sam))).toBe(404);
    expect(await load()).toBe(302);

    const anonymous = await fetch(`${t.url}/api/tanks`);
    expect(anonymous.status).toBe(401);
    expect((await fetch(`${t.url}/api/tanks/${tank.id}`)).status).toBe(401);

    const other = await newTank(rae);
    expect((await sam.call(`/tanks/${other.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await rae.call(`/tanks/${other.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await rae.call(`/tanks/${other.id}`)).status).toBe(404);

    const bad = await rae.call("/tanks", { json: { name: "", displayVolume: -3, volumeUnit: "pints" } });
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(Object.keys(body.error.fields).sort()).toEqual(["displayVolume", "name", "volumeUnit"]);
  });

  it("logs readings, refuses an impossible one beside its field, and filters by parameter and time", async () => {
    const rae = await customer("rae", "198.51.100.152");
    const tank = await newTank(rae);
    const added = await rae.call(`/tanks/${tank.id}/readings`, {
      json: { parameter: "alkalinity", value: 3, unit: "meq/L", takenAt: "2026-11-01T08:00:00Z" },
    });
    expect(added.status).toBe(201);
    const { reading } = await added.json();
    expect(reading).toMatchObject({
      parameter: "alkalinity",
      value: 3,
      unit: "meq/L",
      canonicalUnit: "dKH",
      takenAt: "2026-11-01T08:00:00.000Z",
    });
    expect(reading.canonicalValue).toBeCloseTo((3 * 50.04) / 17.848, 10);

    const impossible = await rae.call(`/tanks/${tank.id}/readings`, {
      json: { parameter: "alkalinity", value: 60, unit: "dKH" },
    });
    expect(impossible.status).toBe(400);
    const error = (await impossible.json()).error;
    expect(error.fields.value).toContain("isn't possible in a reef tank");
    expect(
      (await rae.call(`/tanks/${tank.id}/readings`, { json: { parameter: "nitrate", value: -1, unit: "ppm" } })).status,
    ).toBe(400);
    const again = await rae.call(`/tanks/${tank.id}/readings`, {
      json: { parameter: "alkalinity", value: 8, unit: "dKH", takenAt: "2026-11-01T08:00:00Z" },
    });
    expect(again.status).toBe(409);
    expect((await again.json()).error.fields.takenAt).toBeTruthy();

    await rae.call(`/tanks/${tank.id}/readings`, {
      json: { parameter: "nitrate", value: 5, unit: "ppm", takenAt: "2026-11-10T08:00:00Z" },
    });
    await rae.call(`/tanks/${tank.id}/readings`, {
      json: { parameter: "alkalinity", value: 8.1, unit: "dKH", takenAt: "2026-11-20T08:00:00Z" },
    });
    const alk = await (
      await rae.call(`/tanks/${tank.id}/readings?parameter=alkalinity&from=2026-11-15T00:00:00Z`)
    ).json();
    expect(alk.readings.map((r: { value: number }) => r.value)).toEqual([8.1]);
    const rows = await t.services.database.db
      .selectFrom("tank_readings")
      .select("id")
      .where("tank_id", "=", tank.id)
      .execute();
    expect(rows).toHaveLength(3);
  });

  it("exports CSV that imports back exactly; a bad file imports nothing; a re-import adds nothing", async () => {
    const rae = await customer("rae", "198.51.100.153");
    const first = await newTank(rae);
    const second = await newTank(rae);
    const csv = [
      "taken_at,parameter,value,unit",
      "2026-11-01T08:00:00Z,alkalinity,8.2,dKH",
      "2026-11-01T08:00:00Z,salinity,1.0264,SG",
      "2026-11-02T08:00:00.000Z,temperature,25.5,°C",
      "2026-11-03T08:00:00Z,alkalinity,2.9,meq/L",
      "",
    ].join("\r\n");
    const imported = await rae.call(`/tanks/${first.id}/readings.csv`, { body: csv });
    expect(imported.status).toBe(200);
    expect(await imported.json()).toEqual({ imported: 4, alreadyLogged: 0, layout: "long" });

    const exported = await rae.call(`/tanks/${first.id}/readings.csv`);
    expect(exported.headers.get("content-type")).toMatch(/^text\/csv/);
    const text = await exported.text();
    expect(text.split("\r\n")[0]).toBe("taken_at,parameter,value,unit");
    expect(text).toContain("2026-11-02T08:00:00.000Z,temperature,25.5,°C");

    // Into another tank and out again: the same bytes.
    expect((await rae.call(`/tanks/${second.id}/readings.csv`, { body: text })).status).toBe(200);
    expect(await (await rae.call(`/tanks/${second.id}/readings.csv`)).text()).toBe(text);

    // The same file again: nothing twice.
    const twice = await rae.call(`/tanks/${first.id}/readings.csv`, { body: text });
    expect(await twice.json()).toEqual({ imported: 0, alreadyLogged: 4, layout: "long" });

    // One bad row among good ones: 400 naming the rows, and nothing imported.
    const bad = await rae.call(`/tanks/${first.id}/readings.csv`, {
      body: "taken_at,parameter,value,unit\n2026-11-05T08:00:00Z,calcium,430,ppm\n2026-11-05T08:00:00Z,nitrate,-2,ppm\nnope,ph,8.1,pH\n",
    });
    expect(bad.status).toBe(400);
    const error = (await bad.json()).error;
    expect(error.rows.map((r: { row: number }) => r.row)).toEqual([3, 4]);
    expect(error.fields["row 3"]).toBe("Nitrate can't be below zero. Check the reading.");
    const count = await t.services.database.db
      .selectFrom("tank_readings")
      .select("id")
      .where("tank_id", "=", first.id)
      .execute();
    expect(count).toHaveLength(4);

    // A spreadsheet's wide layout.
    const wide = await rae.call(`/tanks/${first.id}/readings.csv`, {
      body: "Date,Alkalinity (dKH),Nitrate (ppm),Temp (F)\n2026-11-06,8.0,4,78\n",
    });
    expect(await wide.json()).toEqual({ imported: 3, alreadyLogged: 0, layout: "wide" });
  });

  it("deleting the account deletes its tanks and readings", async () => {
    const gone = await customer("gone", "198.51.100.154");
    const tank = await newTank(gone);
    await gone.call(`/tanks/${tank.id}/readings`, { json: { parameter: "ph", value: 8.1, unit: "pH" } });
    const { db } = t.services.database;
    expect(await db.selectFrom("tank_readings").select("id").where("tank_id", "=", tank.id).execute()).toHaveLength(1);
    expect((await gone.client.call("/delete-user", { password: "reef12345" })).status).toBe(200);
    expect(await db.selectFrom("tanks").select("id").where("id", "=", tank.id).execute()).toEqual([]);
    expect(await db.selectFrom("tank_readings").select("id").where("tank_id", "=", tank.id).execute()).toEqual([]);
  });

  it("the chat puts a reefer's own numbers beside the guides' targets, and only their own", async () => {
    const rae = await customer("rae", "198.51.100.160");
    const sam = await customer("sam", "198.51.100.161");
    const tank = await newTank(rae);
    const logged = await rae.call(`/tanks/${tank.id}/readings`, {
      json: { parameter: "alkalinity", value: 8.3, unit: "dKH", takenAt: "2026-11-20T08:00:00Z" },
    });
    expect(logged.status).toBe(201);
    const ask = async (question: string, who?: Awaited<ReturnType<typeof customer>>) => {
      const res = who
        ? await who.call("/wisdom/ask", { json: { question } })
        : await fetch(`${t.url}/api/wisdom/ask`, {
            method: "POST",
            headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.162" },
            body: JSON.stringify({ question }),
          });
      expect(res.status).toBe(200);
      return (await res.json()) as { grounded: boolean; yours?: string };
    };

    const asked = "what should my alk be?";
    const own = await ask(asked, rae);
    expect(own.grounded).toBe(true);
    expect(own.yours).toBe("Your latest alkalinity (Nov 20, 2026), 8.3 dKH, is within the guides' 7–11 dKH target.");
    // Sam has no tank: nothing of Rae's is shown to him, and nothing is made up.
    expect((await ask(asked, sam)).yours).toBeUndefined();
    // A number in the question is read as the reefer's reading, signed in or not.
    const said = await ask("my alk is 6.8 dkh, what should it be?");
    expect(said.grounded).toBe(true);
    expect(said.yours).toBe("Your alkalinity, 6.8 dKH, is below the guides' 7–11 dKH target.");
    expect((await ask("my alk is 6.8 dkh, what should it be?", rae)).yours).toBe(said.yours);
  });
});
