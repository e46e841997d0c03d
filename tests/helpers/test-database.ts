export type TestDatabaseKind = "sqlite" | "postgres";

export function testDatabaseKind(): TestDatabaseKind {
  return process.env.TEST_DB === "postgres" ? "postgres" : "sqlite";
}

export function testPostgresUrl(): string {
  return process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
}
