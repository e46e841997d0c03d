import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware, getIP, getSessionFromCtx, isAPIError } from "better-auth/api";
import { admin, genericOAuth } from "better-auth/plugins";
import { checkPassword } from "~/domain/password-policy";
import { SESSION_LIFETIME_SECONDS, SESSION_RENEW_AFTER_SECONDS } from "~/domain/shop-policies";
import { AVATAR_BUCKET } from "~/models/profile-photo.server";
import { renderAccountMail } from "./mail/account-emails";
import { enqueueMail } from "./mail/outbox.server";
import type { Database } from "../../database/schema";
import type { KeyValueStore } from "./redis.server";
import type { Kysely } from "kysely";
import type { Logger as PinoLogger } from "pino";
import type { Config } from "~/config.server";

export interface AuthDeps {
  db: Kysely<Database>;
  dialect: "sqlite" | "postgres";
  config: Config;
  secret: string;
  kv?: KeyValueStore | null;
  /** Better Auth's own messages go to the server's JSON log instead of coloured console text. */
  logger?: PinoLogger;
  /**
   * Counts one re-authentication attempt for a user; false once they are over the limit. Without
   * it (scripts) attempts are not limited.
   */
  reauthAttempt?: (userId: string) => Promise<boolean>;
  /** Removes what else is personal once an account is deleted (photo, newsletter subscription). */
  onUserDeleted?: (user: { id: string; email: string }) => Promise<void>;
}

type AuthContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The URL our photo upload gives a user's avatar (app/models/profile-photo.server.ts). */
const ownPhotoUrl = (userId: string) =>
  new RegExp(
    `^/media/${AVATAR_BUCKET}/${userId.replace(/[^A-Za-z0-9_-]/g, "")}/avatar\\.webp(\\?v=[A-Za-z0-9._-]{1,64})?$`,
  );

/** Endpoints that move or end the account: the password is checked on the endpoint itself. */
const REAUTH_PATHS = new Set(["/change-email", "/delete-user"]);

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
export function createAuth({ db, dialect, config, secret, kv, logger, reauthAttempt, onUserDeleted }: AuthDeps) {
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
  async function requireReauthentication(ctx: AuthContext) {
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
    const password = (ctx.body as Record<string, unknown> | undefined)?.password;
    const valid =
      typeof password === "string" &&
      password.length > 0 &&
      password.length <= 1024 &&
      (await ctx.context.password.verify({ hash: credential.password!, password }));
    if (!valid) throw new APIError("BAD_REQUEST", { code: "INVALID_PASSWORD", message: "Invalid password" });
  }

  return betterAuth({
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
        await queue(
          "verify-email",
          user.email,
          `verify-email:${token.slice(-40)}`,
          await renderAccountMail("verify", brand, { name: user.name, url }),
        );
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
        // NUL characters can't be stored in PostgreSQL text; refuse them before any write.
        if (ctx.body && JSON.stringify(ctx.body).includes("\\u0000")) {
          throw new APIError("BAD_REQUEST", {
            code: "INVALID_CHARACTERS",
            message: "The request contains invalid characters.",
          });
        }
        if (REAUTH_PATHS.has(ctx.path)) await requireReauthentication(ctx);
        if (ctx.path === "/update-user") await checkProfileUpdate(ctx);
        if (ctx.path === "/change-password") {
          // A new password ends every other session, whatever the client asked for.
          return { context: { ...ctx, body: { ...(ctx.body as object), revokeOtherSessions: true } } };
        }
        const field = PASSWORD_PATHS[ctx.path];
        if (!field) return;
        const password = (ctx.body as Record<string, unknown> | undefined)?.[field];
        if (typeof password !== "string") return;
        const unmet = checkPassword(password, policy).filter((c) => !c.met);
        if (unmet.length > 0) {
          throw new APIError("BAD_REQUEST", {
            code: "PASSWORD_DOES_NOT_MEET_REQUIREMENTS",
            message: `Password does not meet the requirements: ${unmet.map((c) => c.rule.toLowerCase()).join(", ")}.`,
          });
        }
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
}

export type Auth = ReturnType<typeof createAuth>;
