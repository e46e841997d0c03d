/** A route function's answer as HTTP would carry it: a redirect, a thrown 404, or data with its status. */
export type RouteAnswer = { status: number; location: string | null; body: unknown };

/** Runs a route loader or action the way the server would, and reads its answer as HTTP would carry it. */
export async function answerOf(run: () => Promise<unknown>): Promise<RouteAnswer> {
  try {
    const result = (await run()) as { init?: { status?: number }; data?: unknown } | null;
    return { status: result?.init?.status ?? 200, location: null, body: result?.data ?? result };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get("Location"), body: null };
    const d = thrown as { init?: { status?: number }; type?: string };
    if (d?.type === "DataWithResponseInit") return { status: d.init?.status ?? 500, location: null, body: null };
    throw thrown;
  }
}
