import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/create-test-app.js";
import { notUtf8Text } from "./strict-json.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.app.post("/api/test/echo", async (request) => ({ body: request.body }));
});
afterAll(() => t.close());

const post = (payload: Buffer) =>
  t.app.inject({
    method: "POST",
    url: "/api/test/echo",
    headers: { "content-type": "application/json" },
    payload,
  });

/** `{"name":"A<bytes>B"}`: text around bytes as sent on the wire. */
const body = (bytes: number[]) =>
  Buffer.concat([Buffer.from('{"name":"A'), Buffer.from(bytes), Buffer.from('B"}')]);

describe("a JSON body is read as strict UTF-8", () => {
  it("refuses bytes that are no UTF-8 (400), where U+FFFD would have replaced them", async () => {
    for (const bytes of [
      [0xed, 0xa0, 0x80], // a surrogate, U+D800, encoded as if it were a character (CESU-8, WTF-8)
      [0x80], // a continuation byte alone
      [0xc3], // a character cut short
      [0xc0, 0xaf], // an overlong "/"
      [0xff],
    ]) {
      const res = await post(body(bytes));
      expect(res.statusCode, JSON.stringify(bytes)).toBe(400);
      expect(res.json(), JSON.stringify(bytes)).toEqual({
        error: { code: "BAD_REQUEST", message: notUtf8Text },
      });
    }
  });

  it("reads UTF-8 in any script as sent, and still refuses what Fastify's parser refuses", async () => {
    const ok = await post(Buffer.from(JSON.stringify({ name: "Zoë 🙂 東京" })));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ body: { name: "Zoë 🙂 東京" } });
    expect((await post(Buffer.from('{"__proto__":{"admin":true}}'))).statusCode).toBe(400);
    expect((await post(Buffer.from("{not json"))).statusCode).toBe(400);
    expect((await post(Buffer.alloc(0))).statusCode).toBe(400);
  });
});
