import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client.js";
import { type Listening, listenerFor } from "../../db/listen.js";
import { queriesOf } from "../../test/count-queries.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { announcerOn } from "./announcer.js";
import { NOTIFICATIONS_CHANNEL } from "./queries.js";

// A send's notifications are announced after its commit (announcer.ts): what is announced is heard by
// every listening process, the announcements of one moment share a statement, and none is left behind.

let t: TestApp;
let listening: Listening;
const heard: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  listening = await listenerFor(t.handle)(NOTIFICATIONS_CHANNEL, (payload) => heard.push(payload));
});
afterAll(async () => {
  await listening.close();
  await t.close();
});

const failures: unknown[] = [];
const announcer = () => announcerOn(t.db, (error) => failures.push(error));

describe("the announcer", () => {
  it("sends what several callers announced in one turn in one statement, heard in order", async () => {
    heard.length = 0;
    const on = announcer();
    const queries = await queriesOf(t.handle, async () => {
      on.announce(["u1:n1"]);
      on.announce(["u2:n2:email", "u1:n3"]);
      on.announce([]);
      await on.idle();
    });
    expect(queries.filter((query) => /pg_notify/.test(query))).toHaveLength(1);
    await expect.poll(() => [...heard]).toEqual(["u1:n1", "u2:n2:email", "u1:n3"]);
    expect(failures).toEqual([]);
  });

  it("sends what is announced while a statement is under way after it, leaving none behind", async () => {
    heard.length = 0;
    const on = announcer();
    on.announce(["u1:first"]);
    // The first statement is on its way (its turn of the event loop has passed).
    await new Promise((resolve) => setImmediate(resolve));
    on.announce(["u1:second"]);
    await on.idle();
    on.announce(["u1:third"]);
    await on.idle();
    await expect.poll(() => [...heard]).toEqual(["u1:first", "u1:second", "u1:third"]);
    expect(failures).toEqual([]);
  });

  it("reports a statement that fails, and sends the next announcements all the same", async () => {
    let calls = 0;
    const flaky = {
      execute: async (query: unknown) => {
        calls += 1;
        if (calls === 1) throw new Error("connection lost");
        return t.db.execute(query as Parameters<Db["execute"]>[0]);
      },
    } as unknown as Db;
    const reported: unknown[] = [];
    heard.length = 0;
    const on = announcerOn(flaky, (error) => reported.push(error));
    on.announce(["u1:lost"]);
    await on.idle();
    on.announce(["u1:after"]);
    await on.idle();
    expect(reported).toEqual([new Error("connection lost")]);
    await expect.poll(() => [...heard]).toEqual(["u1:after"]);
  });
});
