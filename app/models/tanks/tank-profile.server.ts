import { pageTank } from "#app/domain/tank-profile";
import { getUser } from "#app/models/accounts/session.server";
import { listTanks, type Tank } from "./tanks.server";
import type { AppServices } from "#app/services/container";

/**
 * The tank the shop's pages speak of for this request (the most water of the customer's tanks),
 * or null signed out or without a tank. A request without a session cookie reads nothing: those
 * pages are the ones the page cache shares (decision 009), and they stay the same for everyone.
 */
export async function profileTankOf(services: AppServices, request: Request): Promise<Tank | null> {
  const user = await getUser(services, request.headers);
  if (!user) return null;
  return pageTank(await listTanks(services.database.db, user.id));
}
