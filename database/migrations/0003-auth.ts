import { sql, type Kysely } from "kysely";
import { columnTypes } from "./column-types";

/**
 * Tables of Better Auth (core, admin plugin, generic OAuth, database rate limits), written out so
 * that they live in our one migration history. Column names and types are those Better Auth's
 * Kysely adapter expects (camelCase; `date`/integer on SQLite, timestamptz/boolean on PostgreSQL).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const { postgres } = columnTypes(db);
  const ts = postgres ? "timestamptz" : "date";
  const bool = postgres ? "boolean" : "integer";
  const defaultNow = postgres ? "default CURRENT_TIMESTAMP" : "";
  const statements = [
    `create table "user" ("id" text not null primary key, "name" text not null, "email" text not null unique, "emailVerified" ${bool} not null, "image" text, "createdAt" ${ts} ${defaultNow} not null, "updatedAt" ${ts} ${defaultNow} not null, "role" text, "banned" ${bool}, "banReason" text, "banExpires" ${ts})`,
    `create table "session" ("id" text not null primary key, "expiresAt" ${ts} not null, "token" text not null unique, "createdAt" ${ts} ${defaultNow} not null, "updatedAt" ${ts} not null, "ipAddress" text, "userAgent" text, "userId" text not null references "user" ("id") on delete cascade, "impersonatedBy" text)`,
    `create table "account" ("id" text not null primary key, "accountId" text not null, "providerId" text not null, "userId" text not null references "user" ("id") on delete cascade, "accessToken" text, "refreshToken" text, "idToken" text, "accessTokenExpiresAt" ${ts}, "refreshTokenExpiresAt" ${ts}, "scope" text, "password" text, "createdAt" ${ts} ${defaultNow} not null, "updatedAt" ${ts} not null)`,
    `create table "verification" ("id" text not null primary key, "identifier" text not null, "value" text not null, "expiresAt" ${ts} not null, "createdAt" ${ts} ${defaultNow} not null, "updatedAt" ${ts} ${defaultNow} not null)`,
    `create table "rateLimit" ("id" text not null primary key, "key" text not null unique, "count" integer not null, "lastRequest" bigint not null)`,
    `create index "session_userId_idx" on "session" ("userId")`,
    `create index "account_userId_idx" on "account" ("userId")`,
    `create index "verification_identifier_idx" on "verification" ("identifier")`,
    `create index "orders_user_id" on "orders" ("user_id")`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`drop index "orders_user_id"`).execute(db);
  for (const table of ["rateLimit", "verification", "account", "session", "user"])
    await db.schema.dropTable(table).execute();
}
