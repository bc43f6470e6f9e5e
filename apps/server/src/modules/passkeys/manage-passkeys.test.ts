import { randomUUID } from "node:crypto";
import {
  apiPaths,
  FRESH_PROOF_MINUTES,
  freshProofErrors,
  type NotificationKind,
  passkeyListSchema,
} from "@satsbank/shared";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginEvents, notifications, passkeys, users } from "../../db/schema/index.js";
import {
  CHROME_LINUX,
  type FakeClock,
  fakeClock,
  getJson,
  mailTo,
  SESSION_COOKIE,
  signUp,
} from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import {
  addPasskey,
  answerChallenge,
  authenticationChallenge,
  newAuthenticator,
} from "./test/passkey-http.js";

// Issue 22: Security > Passkeys. A person's own passkeys listed, renamed, removed (the last one only after
// a fresh proof), the withdrawals' approval switched (off only after a fresh proof); every change told by
// notification, email and (for a passkey) the login history; another person's passkey is not found.

let t: TestApp;
let clock: FakeClock;
beforeAll(async () => {
  clock = fakeClock();
  t = await createTestApp({ clock, config: { brandName: "Acme Bank" } });
});
afterAll(() => t.close());

const MINUTE = 60_000;
const STALE = (FRESH_PROOF_MINUTES + 1) * MINUTE;

function send(method: "PATCH" | "DELETE", url: string, token: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    // As the web app sends it: a request without a body of its own sends an empty JSON object.
    payload: payload ?? {},
    cookies: { [SESSION_COOKIE]: token },
    headers: { "user-agent": CHROME_LINUX },
    remoteAddress: "198.51.100.44",
  });
}

/** A customer with `count` passkeys (added a minute apart); the session, the list's ids newest first. */
async function customerWith(count: number) {
  const { token, user, account } = await signUp(t);
  const authenticators = [];
  for (let i = 0; i < count; i += 1) {
    const authenticator = newAuthenticator();
    const res = await addPasskey(t, token, authenticator, { name: `Passkey ${i + 1}` });
    expect(res.statusCode, res.body).toBe(201);
    authenticators.push(authenticator);
    clock.advance(MINUTE);
  }
  const list = passkeyListSchema.parse(
    (await getJson(t, apiPaths.account.passkeys, { cookie: token })).json(),
  );
  return { token, user, account, authenticators, ids: list.passkeys.map((passkey) => passkey.id) };
}

async function kindsTold(userId: string): Promise<NotificationKind[]> {
  const rows = await t.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt));
  return rows.map((row) => row.kind);
}

async function proveWithPasskey(token: string, authenticator: ReturnType<typeof newAuthenticator>) {
  const challenge = await authenticationChallenge(t, "reauthenticate", { cookie: token });
  const res = await answerChallenge(t, challenge, authenticator, { client: { cookie: token } });
  expect(res.statusCode, res.body).toBe(200);
}

const expectFreshProofAsked = (res: Awaited<ReturnType<typeof send>>) => {
  expect(res.statusCode).toBe(403);
  expect(res.json().error).toMatchObject({
    reason: "reauthenticate",
    message: freshProofErrors.reauthenticate.text,
  });
};

describe("the list", () => {
  it("is the person's own passkeys, newest first, with the setting and until when the proof is fresh", async () => {
    const { token, ids } = await customerWith(2);
    const other = await customerWith(1);
    const res = await getJson(t, apiPaths.account.passkeys, { cookie: token });
    const list = passkeyListSchema.strict().parse(res.json());
    expect(list.passkeys.map((passkey) => passkey.name)).toEqual(["Passkey 2", "Passkey 1"]);
    expect(list.passkeys.map((passkey) => passkey.id)).toEqual(ids);
    expect(list.passkeys.map((passkey) => passkey.id)).not.toContain(other.ids[0]);
    expect(list.approveWithdrawals).toBe(true);
    expect(list.freshUntil).not.toBeNull();
    clock.advance(STALE);
    expect((await getJson(t, apiPaths.account.passkeys, { cookie: token })).json().freshUntil).toBeNull();
    expect(Object.keys(list.passkeys[0] ?? {})).not.toContain("publicKey");
  });
});

describe("renaming", () => {
  it("renames one's own passkey, no fresh proof needed, and tells of it", async () => {
    const { token, user, account, ids } = await customerWith(1);
    clock.advance(STALE);
    const res = await send("PATCH", apiPaths.account.passkey(ids[0] as string), token, { name: "  Phone  " });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().passkey.name).toBe("Phone");
    expect((await kindsTold(user.id))[0]).toBe("passkey_renamed");
    const [mail] = await mailTo(t, account.email);
    expect(mail?.subject).toBe("Passkey renamed: your Acme Bank account");
    expect(mail?.text).toContain('Your passkey "Passkey 1" was renamed to "Phone"');
    const [event] = await t.db
      .select()
      .from(loginEvents)
      .where(and(eq(loginEvents.userId, user.id), eq(loginEvents.kind, "passkeyRenamed")));
    expect(event).toMatchObject({ passkeyName: "Phone", status: "success", device: "Chrome 156 on Linux" });
  });

  it("the same name again changes nothing and tells nothing", async () => {
    const { token, user, ids } = await customerWith(1);
    const before = await kindsTold(user.id);
    const res = await send("PATCH", apiPaths.account.passkey(ids[0] as string), token, { name: "Passkey 1" });
    expect(res.statusCode).toBe(200);
    expect(await kindsTold(user.id)).toEqual(before);
  });

  it("another person's passkey, or an id that names none, is not found and stays as it was", async () => {
    const alice = await customerWith(1);
    const bob = await customerWith(1);
    for (const id of [bob.ids[0] as string, randomUUID(), "not-a-uuid"]) {
      const res = await send("PATCH", apiPaths.account.passkey(id), alice.token, { name: "Mine now" });
      expect(res.statusCode, id).toBe(404);
    }
    const [bobs] = await t.db.select().from(passkeys).where(eq(passkeys.userId, bob.user.id));
    expect(bobs?.name).toBe("Passkey 1");
  });
});

describe("removing", () => {
  it("removes one of several without a fresh proof, and tells of it", async () => {
    const { token, user, account, ids } = await customerWith(2);
    clock.advance(STALE);
    const res = await send("DELETE", apiPaths.account.passkey(ids[0] as string), token);
    expect(res.statusCode, res.body).toBe(204);
    const left = await t.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(left.map((passkey) => passkey.id)).toEqual([ids[1]]);
    expect((await kindsTold(user.id))[0]).toBe("passkey_removed");
    const [mail] = await mailTo(t, account.email);
    expect(mail?.subject).toBe("Passkey removed: your Acme Bank account");
    expect(mail?.text).toContain('The passkey "Passkey 2" was removed');
    const [event] = await t.db
      .select()
      .from(loginEvents)
      .where(and(eq(loginEvents.userId, user.id), eq(loginEvents.kind, "passkeyRemoved")));
    expect(event?.passkeyName).toBe("Passkey 2");
  });

  it("the last one needs a fresh proof; after one (here with the passkey itself) it goes", async () => {
    const { token, user, ids, authenticators } = await customerWith(1);
    clock.advance(STALE);
    expectFreshProofAsked(await send("DELETE", apiPaths.account.passkey(ids[0] as string), token));
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toHaveLength(1);
    await proveWithPasskey(token, authenticators[0] as ReturnType<typeof newAuthenticator>);
    expect((await send("DELETE", apiPaths.account.passkey(ids[0] as string), token)).statusCode).toBe(204);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toEqual([]);
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.kind, "passkey_removed")));
    expect(notice?.message).toContain("You have no passkeys left");
  });

  it("a blocked (flagged) passkey can be removed like any other", async () => {
    const { token, user, ids } = await customerWith(2);
    await t.db
      .update(passkeys)
      .set({ flaggedAt: clock.now() })
      .where(eq(passkeys.id, ids[1] as string));
    clock.advance(STALE);
    expect((await send("DELETE", apiPaths.account.passkey(ids[1] as string), token)).statusCode).toBe(204);
    expect((await t.db.select().from(passkeys).where(eq(passkeys.userId, user.id))).map((p) => p.id)).toEqual(
      [ids[0]],
    );
  });

  it("another person's passkey is not found and stays", async () => {
    const alice = await customerWith(1);
    const bob = await customerWith(2);
    const res = await send("DELETE", apiPaths.account.passkey(bob.ids[0] as string), alice.token);
    expect(res.statusCode).toBe(404);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, bob.user.id))).toHaveLength(2);
  });
});

describe("the withdrawals' approval setting", () => {
  it("turning it off without a fresh proof is refused; setting what it is changes nothing and tells nothing", async () => {
    const { token, user } = await customerWith(1);
    const setting = async () =>
      (await t.db.select().from(users).where(eq(users.id, user.id)))[0]?.approveWithdrawalsWithPasskey;
    clock.advance(STALE);
    expectFreshProofAsked(
      await send("PATCH", apiPaths.account.passkeySettings, token, { approveWithdrawals: false }),
    );
    expect(await setting()).toBe(true);
    const before = await kindsTold(user.id);
    const sameValue = await send("PATCH", apiPaths.account.passkeySettings, token, {
      approveWithdrawals: true,
    });
    expect(sameValue.statusCode).toBe(204);
    expect(await kindsTold(user.id)).toEqual(before);
  });

  it("off after a fresh proof, then on again without one; both told and mailed", async () => {
    const { token, user, account, authenticators } = await customerWith(1);
    const setting = async () =>
      (await t.db.select().from(users).where(eq(users.id, user.id)))[0]?.approveWithdrawalsWithPasskey;
    clock.advance(STALE);
    await proveWithPasskey(token, authenticators[0] as ReturnType<typeof newAuthenticator>);
    expect(
      (await send("PATCH", apiPaths.account.passkeySettings, token, { approveWithdrawals: false }))
        .statusCode,
    ).toBe(204);
    expect(await setting()).toBe(false);
    const [off] = await mailTo(t, account.email);
    expect(off?.subject).toBe("Withdrawals no longer need your passkey: your Acme Bank account");
    clock.advance(STALE);
    expect(
      (await send("PATCH", apiPaths.account.passkeySettings, token, { approveWithdrawals: true })).statusCode,
    ).toBe(204);
    expect(await setting()).toBe(true);
    expect((await kindsTold(user.id)).slice(0, 2)).toEqual([
      "passkey_approval_changed",
      "passkey_approval_changed",
    ]);
    const [on] = await mailTo(t, account.email);
    expect(on?.subject).toBe("Withdrawals need your passkey: your Acme Bank account");
    // The setting's changes are no passkey changes: none in the login history.
    const history = await t.db.select().from(loginEvents).where(eq(loginEvents.userId, user.id));
    expect(history.map((event) => event.kind).sort()).toEqual(["passkeyAdded"]);
  });
});

describe("a deactivated account", () => {
  it("cannot change its passkeys: its session no longer signs in", async () => {
    const { token, user, ids } = await customerWith(1);
    await t.db.update(users).set({ status: "inactive" }).where(eq(users.id, user.id));
    expect(
      (await send("PATCH", apiPaths.account.passkey(ids[0] as string), token, { name: "Changed" }))
        .statusCode,
    ).toBe(401);
    expect((await send("DELETE", apiPaths.account.passkey(ids[0] as string), token)).statusCode).toBe(401);
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(row?.name).toBe("Passkey 1");
  });
});
