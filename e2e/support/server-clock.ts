import { type APIRequestContext, expect } from "@playwright/test";

// The e2e server runs with TEST_CLOCK=manual: its time is the system time plus what tests add here.
// Tests move it forward instead of waiting (a 30-second authenticator window). It only moves forward, and
// every test shares it, so a test may move it but never expect it to stand still.

async function readNow(response: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<number> {
  expect(response.ok(), `${response.url()} answered ${response.status()}`).toBe(true);
  const body = (await response.json()) as { now: string };
  return Date.parse(body.now);
}

/** The server's time, in milliseconds since the epoch. */
export async function serverNow(request: APIRequestContext): Promise<number> {
  return readNow(await request.get("/api/dev/clock"));
}

/** Moves the server's time forward by `ms`; answers the new time. */
export async function advanceServerClock(request: APIRequestContext, ms: number): Promise<number> {
  return readNow(await request.post("/api/dev/clock", { data: { advanceMs: ms } }));
}
