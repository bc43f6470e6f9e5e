import { apiPaths, type Notification } from "@satsbank/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inDbTransaction } from "../../db/db-transaction.js";
import { postJson, SESSION_COOKIE, signUp } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { freePort } from "../../test/server-process.js";
import { notify } from "./notify.js";

// Server-sent events need a real socket: the app listens on a port of its own (its PORT: the server
// answers only the hosts it is configured for, 127.0.0.1 on PORT) and fetch reads the stream.

const HEARTBEAT_MS = 150;
let t: TestApp;
let origin: string;
beforeAll(async () => {
  const port = await freePort();
  t = await createTestApp({ config: { port }, notificationHeartbeatMs: HEARTBEAT_MS });
  origin = await t.app.listen({ host: "127.0.0.1", port });
});
afterAll(() => t.close());

/** An open stream: what it said so far, waiting for more, and whether it ended. */
type Stream = {
  response: Response;
  text(): string;
  until(predicate: (text: string) => boolean, timeoutMs?: number): Promise<string>;
  ended: Promise<void>;
  cancel(): Promise<void>;
};

async function openStream(token: string | undefined, headers: Record<string, string> = {}): Promise<Stream> {
  const response = await fetch(`${origin}${apiPaths.notifications.stream}`, {
    headers: { ...headers, ...(token === undefined ? {} : { cookie: `${SESSION_COOKIE}=${token}` }) },
  });
  let received = "";
  const waiters = new Set<() => void>();
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  const ended = (async () => {
    if (reader === undefined) return;
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) break;
      received += decoder.decode(value, { stream: true });
      for (const wake of waiters) wake();
    }
    for (const wake of waiters) wake();
  })();
  let finished = false;
  void ended.then(() => {
    finished = true;
  });
  return {
    response,
    text: () => received,
    ended,
    cancel: async () => {
      await reader?.cancel().catch(() => undefined);
    },
    until: (predicate, timeoutMs = 5_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (predicate(received)) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(received);
          } else if (finished) {
            waiters.delete(check);
            clearTimeout(timer);
            reject(new Error(`the stream ended first: ${received}`));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out; the stream said: ${received}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
  };
}

function tell(userId: string, title: string) {
  return inDbTransaction(t.db, (tx) =>
    notify(tx, { userId, kind: "staff_message", status: "info", title, message: "Hello", at: new Date() }),
  );
}

/** The `notification` events of a stream's text, parsed. */
function events(text: string): Notification[] {
  return text
    .split("\n\n")
    .filter((block) => block.includes("event: notification"))
    .map((block) =>
      JSON.parse(
        block
          .split("\n")
          .find((line) => line.startsWith("data: "))
          ?.slice(6) ?? "",
      ),
    );
}

describe("GET /api/notifications/stream", () => {
  it("delivers each notification made after it opened, the customer's own only, with heartbeats", async () => {
    const { token, user } = await signUp(t);
    const other = await signUp(t);
    const stream = await openStream(token);
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
      expect(stream.response.headers.get("cache-control")).toBe("no-store, no-transform");
      expect(stream.response.headers.get("x-accel-buffering")).toBe("no");
      expect(stream.response.headers.get("x-content-type-options")).toBe("nosniff");
      await stream.until((text) => text.includes(": connected"));
      expect(stream.text()).toMatch(/^retry: \d+\n/);

      await tell(other.user.id, "For someone else");
      const id = await tell(user.id, "For you");
      await stream.until((text) => events(text).length === 1);
      expect(events(stream.text())).toEqual([
        expect.objectContaining({ id, title: "For you", kind: "staff_message", read: false }),
      ]);
      expect(stream.text()).toContain(`id: ${id}\n`);
      await stream.until((text) => text.includes(": heartbeat"));
      expect(events(stream.text())).toHaveLength(1);
    } finally {
      await stream.cancel();
    }
  });

  it("sends nothing of a db transaction that rolled back", async () => {
    const { token, user } = await signUp(t);
    const stream = await openStream(token);
    try {
      await stream.until((text) => text.includes(": connected"));
      await expect(
        inDbTransaction(t.db, async (tx) => {
          await notify(tx, {
            userId: user.id,
            kind: "staff_message",
            status: "info",
            title: "Never",
            message: "Rolled back",
            at: new Date(),
          });
          throw new Error("the event failed");
        }),
      ).rejects.toThrow("the event failed");
      await tell(user.id, "After");
      await stream.until((text) => events(text).length === 1);
      expect(events(stream.text()).map((n) => n.title)).toEqual(["After"]);
    } finally {
      await stream.cancel();
    }
  });

  it("answers 401 signed out, and 403 to another site's page", async () => {
    const signedOut = await fetch(`${origin}${apiPaths.notifications.stream}`);
    expect(signedOut.status).toBe(401);
    expect(((await signedOut.json()) as { error: { code: string } }).error.code).toBe("UNAUTHENTICATED");

    const { token } = await signUp(t);
    const crossSite = await fetch(`${origin}${apiPaths.notifications.stream}`, {
      headers: { cookie: `${SESSION_COOKIE}=${token}`, "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
  });

  it("ends once its session does (at the next heartbeat)", async () => {
    const { token } = await signUp(t);
    const stream = await openStream(token);
    await stream.until((text) => text.includes(": connected"));
    const out = await postJson(t, apiPaths.auth.logout, {}, { cookie: token });
    expect(out.statusCode).toBe(204);
    await stream.ended;
  });

  it("closes cleanly when the app closes, an open stream and all", async () => {
    const port = await freePort();
    const own = await createTestApp({ config: { port }, notificationHeartbeatMs: 60_000 });
    const ownOrigin = await own.app.listen({ host: "127.0.0.1", port });
    const { token } = await signUp(own);
    const response = await fetch(`${ownOrigin}${apiPaths.notifications.stream}`, {
      headers: { cookie: `${SESSION_COOKIE}=${token}` },
    });
    const reader = response.body?.getReader();
    await reader?.read();
    const started = Date.now();
    await own.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    // The stream ended with the server: the reader sees its end.
    for (;;) {
      const chunk = await reader?.read();
      if (chunk === undefined || chunk.done) break;
    }
  });
});
