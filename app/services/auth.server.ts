import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware, getIP, getSessionFromCtx, isAPIError } from "better-auth/api";
import { admin, genericOAuth } from "better-auth/plugins";
import { checkPassword } from "#app/domain/password-policy";
import { SESSION_LIFETIME_SECONDS, SESSION_RENEW_AFTER_SECONDS } from "#app/domain/shop-policies";
import { renderAccountMail } from "#app/services/mail/account-emails";
import { enqueueMail } from "#app/services/mail/outbox.server";
import { AVATAR_BUCKET } from "#app/services/storage/storage.server";
import { normaliseRedirects, serverOnlyPaths } from "./auth-guards";
import type { Config } from "#app/config.server";
import type { Database } from "#database/schema";
import type { KeyValueStore } from "./redis.server";
import type { Kysely } from "kysely";
import type { Logger as PinoLogger } from "pino";

export interface AuthDeps {
  db: Kysely<Database>;
  dialect: "sqlite" | "postgres";
  config: Config;
  secret: string;
  kv?: KeyValueStore | null;
  /** Better Auth's own messages go to the server's JSON log instead of coloured console text. */
  logger?: PinoLogger;
  /**
   * Counts one check of a signed-in user's password (re-authentication, a password change); false
   * once they are over the limit. Without it (scripts) checks are not limited.
   */
  reauthAttempt?: (userId: string) => Promise<boolean>;
  /** Removes what else is personal once an account is deleted (photo, newsletter subscription). */
  onUserDeleted?: (user: { id: string; email: string }) => Promise<void>;
  /**
   * An account's address is now verified as its own: the guest orders placed with it join the
   * account (a use case, so it is handed in rather than imported by this adapter).
   */
  onAddressVerified: (user: { id: string; email: string }) => Promise<void>;
  /**
   * An account was created, changed (its address may be another) or deleted: the customers its
   * orders count for are counted again.
   */
  onAccountChanged?: (user: { id: string; email: string }) => Promise<void>;
}

type AuthContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The URL our photo upload gives a user's avatar (app/models/accounts/profile-photo.server.ts). */
const ownPhotoUrl = (userId: string) =>
  new RegExp(
    `^/media/${AVATAR_BUCKET}/${userId.replace(/[^A-Za-z0-9_-]/g, "")}/avatar\\.webp(\\?v=[A-Za-z0-9._-]{1,64})?$`,
  );

/**
 * Endpoints that take the signed-in user's password, and the field it comes in: it is checked on
 * the endpoint itself, and every check counts against one limit per user.
 */
const REAUTH_PATHS: Record<string, "password" | "currentPassword"> = {
  "/change-email": "password",
  "/delete-user": "password",
  "/change-password": "currentPassword",
};

/** A session this young counts as a fresh sign-in for an account with no password (social sign-in only). */
const FRESH_SIGN_IN_MS = 10 * 60 * 1000;

const PASSWORD_PATHS: Record<string, "password" | "newPassword"> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
};

/** Better Auth's rate-limit key for one client address and path (createRateLimitKey in its rate limiter). */
const rateLimitKey = (ip: string | null, path: string) => `${ip ?? "no-trusted-ip"}|${path}`;

/**
 * Better Auth counts every sign-in against the limit before it knows the outcome, so an owner
 * signing in and out, or a household behind one address, was locked out with every password
 * right. A successful sign-in takes back its own count, so only failures use up the allowance.
 * Only its own: failures before it still count for their window. Clearing them all on success
 * would let someone holding any one account (their own) reset the count between guesses at
 * another's password, and guess without end; this way a success buys no extra guess.
 */
async function refundSignIn(ctx: AuthContext, kv: KeyValueStore | null | undefined) {
  const key = rateLimitKey(getIP(ctx.request ?? ctx.headers ?? new Headers(), ctx.context.options), ctx.path);
  if (ctx.context.rateLimit.storage === "secondary-storage") {
    // Better Auth counts with the secondary storage's increment(key, window) on this very key.
    await kv?.undoIncrement(key);
    return;
  }
  await ctx.context.adapter.incrementOne({
    model: "rateLimit",
    where: [
      { field: "key", value: key },
      { field: "count", operator: "gt", value: 0 },
    ],
    increment: { count: -1 },
  });
}

/**
 * Better Auth inside our server: email + password, sessions in our database, the admin plugin
 * for roles and bans, and every mail it sends queued in our outbox.
 */
export function createAuth({
  db,
  dialect,
  config,
  secret,
  kv,
  logger,
  reauthAttempt,
  onUserDeleted,
  onAddressVerified,
  onAccountChanged,
}: AuthDeps) {
  const brand = { shopName: config.shopName, publicUrl: config.publicUrl, shopEmail: config.shopEmail };
  const queue = async (
    kind: string,
    to: string,
    dedupeKey: string,
    mail: { subject: string; html: string; text: string },
  ) => {
    await enqueueMail(db, { kind, to, dedupeKey, ...mail }, new Date());
  };
  const policy = config.passwordPolicy;

  /**
   * Better Auth stores whatever `name` and `image` it is given (an object became the text "{}" on
   * PostgreSQL, `javascript:` URLs were kept): a name is text, an image only our own photo URL.
   */
  async function checkProfileUpdate(ctx: AuthContext) {
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    if ("name" in body) {
      const name = body.name;
      if (typeof name !== "string" || name.trim() === "" || name.length > 120)
        throw new APIError("BAD_REQUEST", { code: "INVALID_NAME", message: "Enter a name of at most 120 characters." });
    }
    if ("image" in body && body.image !== null) {
      const session = await getSessionFromCtx(ctx);
      const own = session ? ownPhotoUrl(session.user.id) : null;
      if (typeof body.image !== "string" || !own?.test(body.image))
        throw new APIError("BAD_REQUEST", { code: "INVALID_IMAGE", message: "Upload a photo to use it." });
    }
  }

  /**
   * A session cookie alone may not change the account's email or delete it: the body must carry
   * the account's password (or, for an account without one, the session must be a fresh sign-in).
   * Attempts are counted per user, so a stolen session cannot guess the password.
   */
  async function requireReauthentication(ctx: AuthContext, field: "password" | "currentPassword") {
    const session = await getSessionFromCtx(ctx);
    if (!session) return; // the endpoint answers 401 itself
    const userId = session.user.id;
    const accounts = await ctx.context.internalAdapter.findAccounts(userId);
    const credential = accounts.find((a) => a.providerId === "credential" && a.password);
    if (!credential) {
      if (Date.now() - new Date(session.session.createdAt).getTime() <= FRESH_SIGN_IN_MS) return;
      throw new APIError("FORBIDDEN", { code: "SESSION_NOT_FRESH", message: "Sign in again to do this." });
    }
    if (reauthAttempt && !(await reauthAttempt(userId))) {
      throw new APIError("TOO_MANY_REQUESTS", {
        code: "TOO_MANY_REQUESTS",
        message: "Too many attempts. Try again later.",
      });
    }
    const password = (ctx.body as Record<string, unknown> | undefined)?.[field];
    const valid =
      typeof password === "string" &&
      password.length > 0 &&
      password.length <= 1024 &&
      (await ctx.context.password.verify({ hash: credential.password!, password }));
    if (!valid) throw new APIError("BAD_REQUEST", { code: "INVALID_PASSWORD", message: "Invalid password" });
  }

  /**
   * A reset link made before the password last changed (by another reset link, the profile or
   * the back office) is retired: Better Auth only spends the link that was used, so an older one
   * from the same inbox still worked. The stored link is removed and Better Auth answers as for
   * any spent link. The credential account's `updatedAt` moves with every password change,
   * wherever the links are stored (database or Redis).
   */
  async function retireStaleResetLink(ctx: AuthContext) {
    const token =
      (ctx.body as Record<string, unknown> | undefined)?.token ??
      (ctx.params as Record<string, unknown> | undefined)?.token ??
      (ctx.query as Record<string, unknown> | undefined)?.token;
    if (typeof token !== "string" || token === "" || token.length > 500) return;
    const identifier = `reset-password:${token}`;
    const link = await ctx.context.internalAdapter.findVerificationValue(identifier);
    if (!link) return;
    const accounts = await ctx.context.internalAdapter.findAccounts(link.value);
    const credential = accounts.find((a) => a.providerId === "credential");
    if (credential && new Date(link.createdAt).getTime() < new Date(credential.updatedAt).getTime())
      await ctx.context.internalAdapter.deleteVerificationByIdentifier(identifier);
  }

  /**
   * The account a request would take the administrator role from (deleting it, removing or
   * banning it, or setting another role), or null when it takes none.
   */
  async function adminRoleTakenFrom(ctx: AuthContext): Promise<string | null> {
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    if (ctx.path === "/delete-user") return (await getSessionFromCtx(ctx))?.user.id ?? null;
    if (!ctx.path.startsWith("/admin/")) return null;
    // Only an administrator's request gets this far; anyone else gets the plugin's own refusal.
    const caller = (await getSessionFromCtx(ctx))?.user as { role?: string | null } | undefined;
    if (!(caller?.role ?? "").split(",").includes("admin")) return null;
    if (ctx.path === "/admin/remove-user" || ctx.path === "/admin/ban-user")
      return typeof body.userId === "string" ? body.userId : null;
    if (ctx.path === "/admin/set-role") {
      const roles = [body.role].flat();
      return typeof body.userId === "string" && !roles.includes("admin") ? body.userId : null;
    }
    return null;
  }

  /** A shop with no administrator left could not be run from its back office: refused. */
  async function keepOneAdministrator(ctx: AuthContext) {
    const target = await adminRoleTakenFrom(ctx);
    if (!target) return;
    const admins = await db.selectFrom("user").select(["id", "role", "banned"]).where("role", "is not", null).execute();
    const active = admins.filter((u) => (u.role ?? "").split(",").includes("admin") && !u.banned);
    if (active.some((u) => u.id === target) && active.every((u) => u.id === target))
      throw new APIError("BAD_REQUEST", {
        code: "LAST_ADMINISTRATOR",
        message: "This is the shop's only administrator account.",
      });
  }

  let serverOnly = new Set<string>();

  const auth = betterAuth({
    appName: config.shopName,
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret,
    database: { db: db, type: dialect },
    // With Redis, sessions are cached there and rate limits counted there, shared by all instances;
    // sessions stay in the database too (the back office lists them, bans revoke them).
    ...(kv
      ? {
          secondaryStorage: {
            get: (key: string) => kv.get(key),
            getAndDelete: (key: string) => kv.getAndDelete(key),
            set: (key: string, value: string, ttl?: number) => kv.set(key, value, ttl),
            delete: (key: string) => kv.delete(key),
            increment: async (key: string, ttl: number) => (await kv.increment(key, ttl)).count,
          },
        }
      : {}),
    trustedOrigins: [config.publicUrl],
    logger: logger
      ? {
          // Its info messages name email addresses ("Sign-up attempt for existing email: …").
          level: logger.isLevelEnabled("debug") ? "debug" : "warn",
          log: (level, message, ...args: unknown[]) => {
            const err = args.find((arg) => arg instanceof Error);
            const details = args.filter((arg) => arg !== err);
            logger[level](
              { component: "auth", ...(err ? { err } : {}), ...(details.length ? { details } : {}) },
              message,
            );
          },
        }
      : { disabled: true },
    // Without this, Better Auth prints each refused request's message in colour through its own
    // console logger whatever `logger` says. A 4xx is the client's business: debug level only.
    onAPIError: {
      onError: (error) => {
        const status = (error as { status?: unknown }).status;
        if (error instanceof APIError && status !== "INTERNAL_SERVER_ERROR")
          logger?.debug({ component: "auth", status, reason: error.message }, "auth request refused");
        else logger?.error({ component: "auth", err: error }, "auth request failed");
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: policy.minLength,
      maxPasswordLength: policy.maxLength ?? 128,
      // An unverified account can still sign in and shop; verification only gates linking guest orders.
      requireEmailVerification: false,
      // Sign-up answers the same for a new and a known address and signs nobody in: the person
      // finishes by the link in their inbox (autoSignInAfterVerification), and the owner of a
      // known address is told instead, so the form cannot be used to learn who has an account.
      autoSignIn: false,
      // The answer for a known address has every field a new account's has, with the same values
      // a new account starts with (Better Auth's stand-in lacks the admin plugin's fields).
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({
        ...coreFields,
        role: "user",
        banned: false,
        banReason: null,
        banExpires: null,
        ...additionalFields,
        id,
      }),
      async onExistingUserSignUp({ user }) {
        // One notice per address per hour: repeated attempts must not flood someone's inbox.
        const hour = Math.floor(Date.now() / 3_600_000);
        await queue(
          "account-exists",
          user.email,
          `account-exists:${user.id}:${hour}`,
          await renderAccountMail("exists", brand, { name: user.name, url: `${config.publicUrl}/sign-in` }),
        );
      },
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user, url, token }) {
        await queue(
          "password-reset",
          user.email,
          `password-reset:${token}`,
          await renderAccountMail("reset", brand, { name: user.name, url }),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      async sendVerificationEmail({ user, url, token }) {
        const change = emailChangeOf(token);
        if (!change) {
          await queue(
            "verify-email",
            user.email,
            `verify-email:${token.slice(-40)}`,
            await renderAccountMail("verify", brand, { name: user.name, url }),
          );
          return;
        }
        // A change of address: the new address confirms it, the old one is told it was asked for.
        await queue(
          "change-email",
          change.to,
          `change-email:${token.slice(-40)}`,
          await renderAccountMail("change-email", brand, { name: user.name, url }),
        );
        await queue(
          "email-change-notice",
          change.from,
          `email-change-notice:${token.slice(-40)}`,
          await renderAccountMail("change-notice", brand, {
            name: user.name,
            url: `${config.publicUrl}/forgot-password`,
            newEmail: change.to,
          }),
        );
      },
      // A verified address takes the guest orders placed with it: they stay with the account
      // whatever its address becomes later.
      async afterEmailVerification(user) {
        if (user.emailVerified) await onAddressVerified({ id: user.id, email: user.email });
      },
    },
    databaseHooks: {
      user: {
        create: {
          // An account that starts verified (a trusted sign-in provider vouched for the address).
          after: async (user) => {
            if (user.emailVerified) await onAddressVerified({ id: user.id, email: user.email });
            await onAccountChanged?.({ id: user.id, email: user.email });
          },
        },
        update: {
          after: async (user) => {
            await onAccountChanged?.({ id: user.id, email: user.email });
          },
        },
        delete: {
          after: async (user) => {
            await onAccountChanged?.({ id: user.id, email: user.email });
          },
        },
      },
    },
    user: {
      // The new address gets a verification link (emailVerification below); it takes effect once confirmed.
      changeEmail: { enabled: true },
      deleteUser: {
        enabled: true,
        afterDelete: async (user) => {
          await onUserDeleted?.({ id: user.id, email: user.email });
        },
      },
    },
    session: {
      storeSessionInDatabase: true,
      expiresIn: SESSION_LIFETIME_SECONDS,
      updateAge: SESSION_RENEW_AFTER_SECONDS,
      cookieCache: { enabled: false },
    },
    rateLimit: {
      enabled: config.rateLimits,
      storage: kv ? "secondary-storage" : "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 5 },
        "/sign-up/email": { window: 60, max: 5 },
        "/request-password-reset": { window: 300, max: 3 },
        "/reset-password": { window: 300, max: 5 },
      },
    },
    advanced: {
      // Enforced in every environment (Better Auth skips it under NODE_ENV=test by default).
      disableOriginCheck: false,
      useSecureCookies: config.publicUrl.startsWith("https:"),
      cookiePrefix: "lr",
      // Express sets X-Forwarded-For from the socket (or a trusted proxy) before auth sees the request.
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // Endpoints meant for server code answer as if they did not exist when asked over HTTP.
        if (ctx.request && serverOnly.has(ctx.path))
          throw new APIError("NOT_FOUND", { code: "NOT_FOUND", message: "Not found." });
        // NUL characters can't be stored in PostgreSQL text; refuse them before any write.
        if (ctx.body && JSON.stringify(ctx.body).includes("\\u0000")) {
          throw new APIError("BAD_REQUEST", {
            code: "INVALID_CHARACTERS",
            message: "The request contains invalid characters.",
          });
        }
        const redirects = normaliseRedirects(
          ctx.query as Record<string, unknown> | undefined,
          ctx.body as Record<string, unknown> | undefined,
          config.publicUrl,
        );
        const reauthField = REAUTH_PATHS[ctx.path];
        if (reauthField) await requireReauthentication(ctx, reauthField);
        if (ctx.path === "/update-user") await checkProfileUpdate(ctx);
        await keepOneAdministrator(ctx);
        if (ctx.path === "/reset-password" || ctx.path === "/reset-password/:token") await retireStaleResetLink(ctx);
        const field = PASSWORD_PATHS[ctx.path];
        const password = field ? (ctx.body as Record<string, unknown> | undefined)?.[field] : undefined;
        if (typeof password === "string") {
          const unmet = checkPassword(password, policy).filter((c) => !c.met);
          if (unmet.length > 0) {
            throw new APIError("BAD_REQUEST", {
              code: "PASSWORD_DOES_NOT_MEET_REQUIREMENTS",
              message: `Password does not meet the requirements: ${unmet.map((c) => c.rule.toLowerCase()).join(", ")}.`,
            });
          }
        }
        // A new password ends every other session, whatever the client asked for.
        const body =
          ctx.path === "/change-password"
            ? { ...((redirects?.body ?? ctx.body) as object), revokeOtherSessions: true }
            : redirects?.body;
        if (!redirects && !body) return;
        return { context: { ...(redirects?.query ? { query: redirects.query } : {}), ...(body ? { body } : {}) } };
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (
          config.rateLimits &&
          ctx.path === "/sign-in/email" &&
          ctx.context.newSession &&
          !isAPIError(ctx.context.returned)
        ) {
          // The person is signed in either way: a counter that could not be corrected only counts once more.
          await refundSignIn(ctx, kv).catch((err: unknown) =>
            logger?.warn({ component: "auth", err }, "sign-in rate limit not refunded"),
          );
        }
      }),
    },
    account: { accountLinking: { enabled: true, trustedProviders: ["oidc"] } },
    plugins: [
      admin({ defaultRole: "user", adminRoles: ["admin"] }),
      ...(config.oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: "oidc",
                  discoveryUrl: `${config.oidc.issuer}/.well-known/openid-configuration`,
                  clientId: config.oidc.clientId,
                  clientSecret: config.oidc.clientSecret,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
  serverOnly = serverOnlyPaths(auth.api);
  return auth;
}

/**
 * The change of address a verification token carries, if it carries one. Better Auth signs the
 * token; this only reads what it wrote, to tell a change of address from a new account's mail.
 */
function emailChangeOf(token: string): { from: string; to: string } | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as {
      email?: unknown;
      updateTo?: unknown;
    };
    return typeof payload.email === "string" && typeof payload.updateTo === "string"
      ? { from: payload.email, to: payload.updateTo }
      : null;
  } catch {
    return null;
  }
}

export type Auth = ReturnType<typeof createAuth>;
