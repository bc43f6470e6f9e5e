import { apiPaths, type Notification } from "@satsbank/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inDbTransaction } from "../../db/db-transaction.js";
import { type FakeClock, fakeClock, getJson, postJson, signIn, signUp } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { createStaff } from "../auth/index.js";
import { notify } from "./notify.js";

let t: TestApp;
let clock: FakeClock;
let staffToken: string;
beforeAll(async () => {
  clock = fakeClock();
  t = await createTestApp({ clock });
  await createStaff({
    ctx: { db: t.db, clock },
    name: "Notification Staff",
    email: "notification-staff@example.com",
    password: "staff-password",
  });
  staffToken = (await signIn(t, { email: "notification-staff@example.com", password: "staff-password" }))
    .token;
});
afterAll(() => t.close());

/** `count` staff messages for the customer, a second apart, oldest first ("Message 1" ...). */
async function makeNotifications(userId: string, count: number): Promise<void> {
  for (let i = 1; i <= count; i++) {
    clock.advance(1000);
    await inDbTransaction(t.db, (tx) =>
      notify(tx, {
        userId,
        kind: "staff_message",
        status: "info",
        title: `Message ${i}`,
        message: `Body ${i}`,
        at: clock.now(),
      }),
    );
  }
}

function page(token: string, query = "") {
  return getJson(t, `${apiPaths.notifications.list}${query}`, { cookie: token });
}

function patchSettings(token: string | undefined, payload: object) {
  return t.app.inject({
    method: "PATCH",
    url: apiPaths.notifications.settings,
    payload,
    ...(token === undefined ? {} : { cookies: { satsbank_session: token } }),
  });
}

describe("GET /api/notifications", () => {
  it("answers an empty page for a new customer", async () => {
    const { token } = await signUp(t);
    const res = await page(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ items: [], nextCursor: null, unreadCount: 0 });
  });

  it("pages newest first by keyset, with the count of every unread one", async () => {
    const { token, user } = await signUp(t);
    await makeNotifications(user.id, 25);
    const first = (await page(token, "?limit=10")).json();
    expect(first.items.map((n: Notification) => n.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Message ${25 - i}`),
    );
    expect(first.items[0]).toMatchObject({
      type: "system",
      kind: "staff_message",
      status: "info",
      message: "Body 25",
      read: false,
    });
    expect(first.unreadCount).toBe(25);
    // A notification made meanwhile does not shift the next page.
    await makeNotifications(user.id, 1);
    const second = (await page(token, `?limit=10&cursor=${first.nextCursor}`)).json();
    expect(second.items.map((n: Notification) => n.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Message ${15 - i}`),
    );
    const third = (await page(token, `?limit=10&cursor=${second.nextCursor}`)).json();
    expect(third.items).toHaveLength(5);
    expect(third.nextCursor).toBeNull();
    expect(third.unreadCount).toBe(26);
  });

  it("refuses a cursor it did not make", async () => {
    const { token } = await signUp(t);
    const res = await page(token, "?cursor=bm90LWEtY3Vyc29y");
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty("cursor");
  });
});

describe("read state", () => {
  it("marks one read when opened, once, and only the customer's own", async () => {
    const { token, user } = await signUp(t);
    const other = await signUp(t);
    await makeNotifications(user.id, 3);
    const [newest] = (await page(token)).json().items as Notification[];
    const id = newest?.id ?? "";

    const opened = await postJson(t, apiPaths.notifications.read(id.toUpperCase()), {}, { cookie: token });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().notification).toMatchObject({ id, read: true, title: "Message 3" });
    const after = (await page(token)).json();
    expect(after.unreadCount).toBe(2);
    expect(after.items.map((n: Notification) => n.read)).toEqual([true, false, false]);
    // Opening it again changes nothing.
    expect((await postJson(t, apiPaths.notifications.read(id), {}, { cookie: token })).statusCode).toBe(200);

    // Another customer's notification, or none, is not found.
    for (const notificationId of [id, "3f1c0000-0000-4000-8000-000000000000", "not-an-id"]) {
      const res = await postJson(t, apiPaths.notifications.read(notificationId), {}, { cookie: other.token });
      expect(res.statusCode, notificationId).toBe(404);
      expect(res.json().error.code).toBe("NOT_FOUND");
    }
    expect((await page(token)).json().unreadCount).toBe(2);
  });

  it("marks all read: the customer's own, and no one else's", async () => {
    const { token, user } = await signUp(t);
    const other = await signUp(t);
    await makeNotifications(user.id, 4);
    await makeNotifications(other.user.id, 2);
    const res = await postJson(t, apiPaths.notifications.readAll, {}, { cookie: token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ unreadCount: 0 });
    const after = (await page(token)).json();
    expect(after.unreadCount).toBe(0);
    expect(after.items.map((n: Notification) => n.read)).toEqual([true, true, true, true]);
    expect((await page(other.token)).json().unreadCount).toBe(2);
  });
});

describe("access", () => {
  it("answers 401 signed out on every customer route", async () => {
    const requests = [
      { method: "GET", url: apiPaths.notifications.list },
      { method: "GET", url: apiPaths.notifications.stream },
      { method: "GET", url: apiPaths.notifications.settings },
      { method: "PATCH", url: apiPaths.notifications.settings, payload: { emailNotifications: true } },
      { method: "POST", url: apiPaths.notifications.readAll, payload: {} },
      {
        method: "POST",
        url: apiPaths.notifications.read("3f1c0000-0000-4000-8000-000000000000"),
        payload: {},
      },
    ] as const;
    for (const request of requests) {
      const res = await t.app.inject(request);
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(401);
      expect(res.json().error.code).toBe("UNAUTHENTICATED");
    }
  });

  it("keeps staff out of customers' notification routes (403)", async () => {
    expect((await page(staffToken)).statusCode).toBe(403);
    expect((await getJson(t, apiPaths.notifications.settings, { cookie: staffToken })).statusCode).toBe(403);
  });
});

describe("Notification Settings", () => {
  it("starts all off, changes the switches given, and keeps them", async () => {
    const { token } = await signUp(t);
    const read = async () => (await getJson(t, apiPaths.notifications.settings, { cookie: token })).json();
    expect(await read()).toEqual({
      transactionAlerts: false,
      securityAlerts: false,
      emailNotifications: false,
    });

    const one = await patchSettings(token, { securityAlerts: true });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ transactionAlerts: false, securityAlerts: true, emailNotifications: false });
    // "All Notifications": the three switches at once.
    const all = await patchSettings(token, {
      transactionAlerts: true,
      securityAlerts: true,
      emailNotifications: true,
    });
    expect(all.json()).toEqual({ transactionAlerts: true, securityAlerts: true, emailNotifications: true });
    await patchSettings(token, { emailNotifications: false });
    expect(await read()).toEqual({
      transactionAlerts: true,
      securityAlerts: true,
      emailNotifications: false,
    });
  });

  it("refuses a change of nothing, or of a switch that is not one", async () => {
    const { token } = await signUp(t);
    expect((await patchSettings(token, {})).statusCode).toBe(400);
    expect((await patchSettings(token, { securityAlerts: "yes" })).statusCode).toBe(400);
    expect((await patchSettings(undefined, { securityAlerts: true })).statusCode).toBe(401);
  });
});

describe("POST /api/admin/customers/:userId/messages", () => {
  const body = { subject: "About your account", body: "Hello,\r\nyour statement is ready.\n\nThe team" };

  it("tells the customer as a system notification, whatever their settings, lines kept", async () => {
    const { token, user } = await signUp(t);
    const res = await postJson(t, apiPaths.admin.customerMessages(user.id), body, { cookie: staffToken });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toMatchObject({ userId: user.id, subject: "About your account" });
    const [notification] = (await page(token)).json().items as Notification[];
    expect(notification).toMatchObject({
      id: res.json().message.id,
      type: "system",
      kind: "staff_message",
      status: "info",
      title: "About your account",
      message: "Hello,\nyour statement is ready.\n\nThe team",
      read: false,
    });
  });

  it("is for staff only, to a customer that exists, in plain text", async () => {
    const { token, user } = await signUp(t);
    const url = apiPaths.admin.customerMessages(user.id);
    expect((await postJson(t, url, body)).statusCode).toBe(401);
    expect((await postJson(t, url, body, { cookie: token })).statusCode).toBe(403);
    for (const userId of ["3f1c0000-0000-4000-8000-000000000000", "nobody"]) {
      const res = await postJson(t, apiPaths.admin.customerMessages(userId), body, { cookie: staffToken });
      expect(res.statusCode, userId).toBe(404);
    }
    const hostile = await postJson(t, url, { ...body, body: "Click \u202eevil" }, { cookie: staffToken });
    expect(hostile.statusCode).toBe(400);
    expect(hostile.json().error.fields).toHaveProperty("body");
    const empty = await postJson(t, url, { subject: " ", body: "x" }, { cookie: staffToken });
    expect(empty.json().error.fields).toEqual({ subject: "Subject is required" });
    expect((await page(token)).json().items).toEqual([]);
  });
});
