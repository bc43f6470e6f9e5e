import { describe, expect, it } from "vitest";
import { loginPathWithNext, safeNextPath } from "./next-path";

describe("next path", () => {
  it("builds the sign-in URL with the encoded target", () => {
    expect(loginPathWithNext("/wallet")).toBe("/auth/login?next=%2Fwallet");
    expect(loginPathWithNext("/history?q=a b")).toBe("/auth/login?next=%2Fhistory%3Fq%3Da+b");
  });

  it.each([
    ["/wallet", "/wallet"],
    ["/history?q=abc", "/history?q=abc"],
    ["/profile/security#2fa", "/profile/security#2fa"],
    ["/auth/kyc/identity", "/auth/kyc/identity"],
    ["/admin", "/admin"],
  ])("accepts the internal path %s", (raw, expected) => {
    expect(safeNextPath(raw)).toBe(expected);
  });

  it.each([
    [null],
    [""],
    ["wallet"],
    ["https://evil.example/"],
    ["//evil.example"],
    ["/\\evil.example"],
    ["/\t/evil.example"],
    ["javascript:alert(1)"],
    ["/auth/login"],
    ["/auth/login?next=/wallet"],
    ["/auth/signup"],
    ["/auth/reset-password?token=x"],
  ])("refuses %s", (raw) => {
    expect(safeNextPath(raw)).toBeNull();
  });
});
