import { describe, expect, it } from "vitest";
import { getTankCounts } from "#app/models/back-office/stats.server";
import { loader as planLoader } from "#app/routes/plan";
import { loader as productLoader } from "#app/routes/product";
import { authClient } from "../helpers/auth-client";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";

/**
 * The tank profile used by the shop's pages (issue 37), through the routes' real loaders: the
 * coral food's weeks on a product page and the plan's size, for a signed-in reefer with a tank
 * only; and the owner's counts, which name no one.
 */
describe(`the tank profile on the shop's pages, ${testDatabaseKind()}`, () => {
  let now = new Date("2026-11-29T12:00:00Z");
  const t = useTestServer({ clock: () => now });
  const context = () => ({ services: t.services, clientIp: "198.51.100.90" });
  const request = (path: string, cookie?: string) =>
    new Request(`http://shop.test${path}`, cookie ? { headers: { cookie } } : {});
  const product = async (id: string, cookie?: string) =>
    (await productLoader({
      request: request(`/product/${id}`, cookie),
      params: { productId: id },
      context: context(),
    } as never)) as unknown as { forYourTank: string | null };
  const plan = async (query: string, cookie?: string) =>
    (await planLoader({ request: request(`/plan${query}`, cookie), params: {}, context: context() } as never)) as {
      fromTank: { size: string; note: string | null } | null;
    };

  async function customer(name: string, ip: string) {
    const client = authClient(t.url, ip);
    await client.signUp({
      email: `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`,
      password: "reef12345",
      name,
    });
    const cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const post = async (path: string, json: unknown) => {
      const res = await fetch(`${t.url}/api${path}`, {
        method: "POST",
        headers: { cookie, "X-Forwarded-For": ip, "Content-Type": "application/json" },
        body: JSON.stringify(json),
      });
      expect(res.status).toBe(201);
      return res.json() as Promise<{ tank: { id: string } }>;
    };
    return { cookie, post };
  }

  it("says how long the coral food lasts in the reefer's biggest tank, and nothing otherwise", async () => {
    const rae = await customer("rae", "198.51.100.91");
    // Signed in without a tank, and signed out: the page is the shared one.
    expect((await product("chaeto-coral-food-combo", rae.cookie)).forYourTank).toBeNull();
    expect((await product("chaeto-coral-food-combo")).forYourTank).toBeNull();

    await rae.post("/tanks", { name: "Nano", displayVolume: 20, volumeUnit: "gal" });
    await rae.post("/tanks", { name: "Office", displayVolume: 75, volumeUnit: "gal" });
    expect((await product("chaeto-coral-food-combo", rae.cookie)).forYourTank).toBe(
      "For your 75 gal Office tank: at the label dose (2.5 g per 100 gal, 3 feeds a week) this 40 g jar lasts about 7 weeks — a rule of thumb.",
    );
    // A product without coral food says nothing; signed out still nothing.
    expect((await product("premium-chaeto", rae.cookie)).forYourTank).toBeNull();
    expect((await product("chaeto-coral-food-combo")).forYourTank).toBeNull();
  });

  it("starts the plan on the tank's size band, named, and keeps a size picked by hand", async () => {
    const sam = await customer("sam", "198.51.100.92");
    expect((await plan("", sam.cookie)).fromTank).toBeNull();
    await sam.post("/tanks", { name: "Office 75", displayVolume: 75, volumeUnit: "gal" });
    expect((await plan("", sam.cookie)).fromTank).toEqual({
      size: "medium",
      note: "From your tank Office 75 (75 gal)",
    });
    expect((await plan("?size=large&level=beginner", sam.cookie)).fromTank).toEqual({ size: "large", note: null });
    expect((await plan("")).fromTank).toBeNull();
  });

  it("counts customers with a tank, tanks, readings and reminders of the last 30 days, and no more", async () => {
    const { db } = t.services.database;
    const before = await getTankCounts(db, now);
    const kim = await customer("kim", "198.51.100.93");
    const { tank } = await kim.post("/tanks", { name: "Frag", displayVolume: 40, volumeUnit: "gal" });
    await kim.post("/tanks", { name: "Quarantine", displayVolume: 10, volumeUnit: "gal" });
    // Logged 40 days ago: outside the window. Then two logged now (one of them taken long ago).
    now = new Date("2026-10-20T12:00:00Z");
    await kim.post(`/tanks/${tank.id}/readings`, { parameter: "alkalinity", value: 8, unit: "dKH" });
    now = new Date("2026-11-29T12:00:00Z");
    await kim.post(`/tanks/${tank.id}/readings`, { parameter: "alkalinity", value: 8.2, unit: "dKH" });
    await kim.post(`/tanks/${tank.id}/readings`, {
      parameter: "nitrate",
      value: 5,
      unit: "ppm",
      takenAt: "2026-09-01T08:00:00Z",
    });
    const reminder = (sentAt: string) => ({
      id: crypto.randomUUID(),
      user_id: "u",
      order_id: crypto.randomUUID(),
      food_id: "kings-feast",
      tank_id: tank.id,
      email: "kim@example.com",
      items: "[]",
      run_out_at: sentAt,
      sent_at: sentAt,
    });
    await db
      .insertInto("reorder_reminders")
      .values([reminder("2026-11-20T09:00:00.000Z"), reminder("2026-10-01T09:00:00.000Z")])
      .execute();

    const after = await getTankCounts(db, now);
    expect(after).toEqual({
      customersWithTank: before.customersWithTank + 1,
      tanks: before.tanks + 2,
      readingsLogged: before.readingsLogged + 2,
      remindersSent: before.remindersSent + 1,
    });
    // Only the four counts: nothing that names a customer or a tank.
    expect(Object.keys(after).sort()).toEqual(["customersWithTank", "readingsLogged", "remindersSent", "tanks"]);
  });
});
