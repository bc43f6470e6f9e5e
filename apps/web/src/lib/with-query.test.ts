import { describe, expect, it } from "vitest";
import { withQuery } from "./with-query";

describe("withQuery", () => {
  it("adds the parameters in their order and leaves out undefined and empty ones", () => {
    expect(withQuery("/api/transactions", { filter: "all", q: "", cursor: undefined, limit: 20 })).toBe(
      "/api/transactions?filter=all&limit=20",
    );
    expect(withQuery("/api/admin/audit", { q: "a b&c" })).toBe("/api/admin/audit?q=a+b%26c");
    expect(withQuery("/api/notifications", { cursor: undefined })).toBe("/api/notifications");
  });
});
