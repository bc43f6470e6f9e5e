import { describe, expect, it } from "vitest";
import { AppError } from "./app-error.js";
import {
  containsPattern,
  cursorAt,
  decodeCursor,
  encodeCursor,
  isUuid,
  keysetPage,
  positionAfter,
  typeForFilter,
  wordPatterns,
} from "./history.js";
import { requestHash } from "./idempotency.js";
import { maySend } from "./kyc.js";

describe("history query parts", () => {
  it("maps the filter menu to transaction types", () => {
    expect(typeForFilter("all")).toBeNull();
    expect(typeForFilter("sent")).toBe("send");
    expect(typeForFilter("received")).toBe("receive");
  });

  it("makes a contains-pattern that takes the user's wildcards literally", () => {
    expect(containsPattern("alice")).toBe("%alice%");
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });

  it("splits a search into its words, each a contains-pattern; a blank search is none", () => {
    expect(wordPatterns("  Alice\tJohnson  alice ")).toEqual(["%Alice%", "%Johnson%", "%alice%"]);
    expect(wordPatterns("50%")).toEqual(["%50\\%%"]);
    expect(wordPatterns(" \u00a0 ")).toEqual([]);
  });

  it("round-trips a cursor and refuses anything it did not make", () => {
    const position = { createdAt: "2030-01-15T12:00:00.123456Z", id: "0b8f7c1e-4a59-4b51-9a59-3f6c3c9c2a11" };
    const cursor = encodeCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(position);
    for (const bad of [
      "",
      "garbage",
      encodeCursor({ ...position, id: "x" }),
      encodeCursor({ ...position, createdAt: "yesterday" }),
    ]) {
      expect(decodeCursor(bad)).toBeNull();
    }
    expect(decodeCursor(Buffer.from('{"a":1}').toString("base64url"))).toBeNull();
  });

  it("refuses a cursor holding a time no clock shows, which the database would reject", () => {
    const id = "0b8f7c1e-4a59-4b51-9a59-3f6c3c9c2a11";
    for (const createdAt of [
      "2030-02-31T12:00:00.000000Z",
      "2030-13-01T12:00:00.000000Z",
      "2030-01-15T25:00:00.000000Z",
      "2030-01-15T12:60:00.000000Z",
      "0000-01-01T00:00:00.000000Z",
    ]) {
      expect(decodeCursor(encodeCursor({ createdAt, id })), createdAt).toBeNull();
    }
    const leap = { createdAt: "2028-02-29T23:59:59.999999Z", id };
    expect(decodeCursor(encodeCursor(leap))).toEqual(leap);
  });

  it("starts a page at the first row without a cursor, after the cursor's position, and refuses another", () => {
    const position = { createdAt: "2030-01-15T12:00:00.123456Z", id: "0b8f7c1e-4a59-4b51-9a59-3f6c3c9c2a11" };
    expect(positionAfter(undefined, "Gone.")).toBeNull();
    expect(positionAfter(encodeCursor(position), "Gone.")).toEqual(position);
    for (const bad of ["", "garbage"]) {
      let refusal: unknown;
      try {
        positionAfter(bad, "Gone.");
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(AppError);
      expect(refusal).toMatchObject({
        code: "VALIDATION_ERROR",
        message: "Gone.",
        fields: { cursor: "Gone." },
      });
    }
  });

  it("cuts a page from one row more than asked, with the next page's cursor only when that row came", () => {
    const rows = [1, 2, 3].map((n) => ({ n }));
    const cursorOf = (row: { n: number }) => `after-${row.n}`;
    expect(keysetPage(rows, 2, cursorOf)).toEqual({ page: rows.slice(0, 2), nextCursor: "after-2" });
    expect(keysetPage(rows, 3, cursorOf)).toEqual({ page: rows, nextCursor: null });
    expect(keysetPage([], 2, cursorOf)).toEqual({ page: [], nextCursor: null });
    const position = { createdAt: "2030-01-15T12:00:00.123456Z", id: "0b8f7c1e-4a59-4b51-9a59-3f6c3c9c2a11" };
    expect(cursorAt({ position })).toBe(encodeCursor(position));
  });

  it("knows a UUID", () => {
    expect(isUuid("0b8f7c1e-4a59-4b51-9a59-3f6c3c9c2a11")).toBe(true);
    expect(isUuid("' or 1=1 --")).toBe(false);
  });
});

describe("send idempotency and KYC rules", () => {
  it("fingerprints a body by its values in order", () => {
    expect(requestHash(["alice", "100", null])).toBe(requestHash(["alice", "100", null]));
    expect(requestHash(["alice", "100", null])).not.toBe(requestHash(["alice", "100", ""]));
    expect(requestHash(["alice", "100", null])).not.toBe(requestHash(["alice", "1000", null]));
  });

  it("lets only a verified identity and address send", () => {
    expect(maySend({})).toBe(false);
    expect(maySend({ identity: "verified", address: "pending" })).toBe(false);
    expect(maySend({ identity: "required", address: "verified" })).toBe(false);
    expect(maySend({ identity: "verified", address: "verified" })).toBe(true);
  });
});
