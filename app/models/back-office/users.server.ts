import { checkPassword } from "#app/domain/password-policy";
import { attachGuestOrders } from "#app/models/accounts/customers.server";
import type { AppServices } from "#app/services/container";

/** Creates an administrator or promotes an existing account (setting the given password). */
export async function promoteToAdmin(
  services: AppServices,
  input: { email: string; password: string; name?: string },
): Promise<{ created: boolean; email: string; userId: string }> {
  const email = input.email.trim().toLowerCase();
  const unmet = checkPassword(input.password, services.config.passwordPolicy).filter((c) => !c.met);
  if (unmet.length > 0) throw new Error(`Password does not meet the policy: ${unmet.map((c) => c.rule).join(", ")}`);
  const { db } = services.database;
  const ctx = await services.auth.$context;
  const existing = await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst();
  let userId: string;
  let created = false;
  if (existing) {
    userId = existing.id;
    const hash = await ctx.password.hash(input.password);
    const accounts = await ctx.internalAdapter.findAccounts(userId);
    if (accounts.some((a) => a.providerId === "credential")) await ctx.internalAdapter.updatePassword(userId, hash);
    else await ctx.internalAdapter.linkAccount({ userId, providerId: "credential", accountId: userId, password: hash });
  } else {
    // Made directly, not through sign-up: sign-up mails a "finish creating your account" link,
    // which an owner at the command line neither needs nor should get.
    const user = await ctx.internalAdapter.createUser(
      { email, name: input.name ?? "Shop owner", emailVerified: true },
      { method: "admin" },
    );
    userId = user.id;
    const hash = await ctx.password.hash(input.password);
    await ctx.internalAdapter.linkAccount({ userId, providerId: "credential", accountId: userId, password: hash });
    created = true;
  }
  // The owner's address counts as verified: they are the one creating the account.
  await db
    .updateTable("user")
    .set({
      role: "admin",
      emailVerified: services.database.dialect === "postgres" ? true : 1,
      banned: services.database.dialect === "postgres" ? false : 0,
    })
    .where("id", "=", userId)
    .execute();
  await attachGuestOrders(db, userId, email);
  return { created, email, userId };
}
