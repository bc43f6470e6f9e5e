import { describe, expect, it } from "vitest";
import { sameDigest } from "../../domain/digest.js";
import { decryptSecret, deriveAuthKeys, encryptSecret } from "./keys.js";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./passwords.js";
import { hashToken, macCode, newCode, newToken } from "./tokens.js";
import { newTotpSecret, totpCode, totpStep } from "./totp.js";

describe("passwords", () => {
  it("are hashed with argon2id, salted, and never stored as given", async () => {
    const [first, second] = await Promise.all([hashPassword("demo-password"), hashPassword("demo-password")]);
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain("demo-password");
    expect(await verifyPassword(first, "demo-password")).toBe(true);
    expect(await verifyPassword(first, "demo-passwore")).toBe(false);
    expect(await verifyPassword("not a hash", "demo-password")).toBe(false);
    expect(await verifyAgainstDummy("demo-password")).toBe(false);
  });
});

describe("tokens and codes", () => {
  it("are random, and stored as digests", () => {
    const token = newToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newToken()).not.toBe(token);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    for (let i = 0; i < 50; i++) expect(newCode()).toMatch(/^\d{6}$/);
  });

  it("bind a code's MAC to its key and challenge", () => {
    const { codeMac } = deriveAuthKeys("x".repeat(32));
    const mac = macCode(codeMac, "challenge-a", "123456");
    expect(sameDigest(mac, macCode(codeMac, "challenge-a", "123456"))).toBe(true);
    expect(sameDigest(mac, macCode(codeMac, "challenge-b", "123456"))).toBe(false);
    expect(sameDigest(mac, macCode(deriveAuthKeys("y".repeat(32)).codeMac, "challenge-a", "123456"))).toBe(
      false,
    );
  });
});

describe("secrets at rest", () => {
  const { totpSecret } = deriveAuthKeys("an app secret of at least 32 chars");

  it("round-trip through AES-256-GCM with a fresh IV", () => {
    const sealed = encryptSecret(totpSecret, "JBSWY3DPEHPK3PXP", "user-1");
    expect(sealed).not.toContain("JBSWY3DPEHPK3PXP");
    expect(encryptSecret(totpSecret, "JBSWY3DPEHPK3PXP", "user-1")).not.toBe(sealed);
    expect(decryptSecret(totpSecret, sealed, "user-1")).toBe("JBSWY3DPEHPK3PXP");
  });

  it("refuse another owner, another key or a changed ciphertext", () => {
    const sealed = encryptSecret(totpSecret, "JBSWY3DPEHPK3PXP", "user-1");
    expect(() => decryptSecret(totpSecret, sealed, "user-2")).toThrow();
    expect(() => decryptSecret(deriveAuthKeys("z".repeat(32)).totpSecret, sealed, "user-1")).toThrow();
    const [version, iv, tag, ciphertext] = sealed.split(".");
    const bytes = Buffer.from(ciphertext ?? "", "base64url");
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    const altered = [version, iv, tag, bytes.toString("base64url")].join(".");
    expect(() => decryptSecret(totpSecret, altered, "user-1")).toThrow();
  });

  it("uses a different key per purpose", () => {
    const keys = deriveAuthKeys("an app secret of at least 32 chars");
    expect(keys.totpSecret.equals(keys.codeMac)).toBe(false);
    expect(keys.totpSecret).toHaveLength(32);
  });
});

describe("TOTP", () => {
  it("matches RFC 6238's SHA-1 test vector", () => {
    // RFC 6238 appendix B: secret "12345678901234567890" (base32 below), T = 59 s -> 94287082 (8 digits).
    const secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
    expect(totpCode({ secret, now: new Date(59_000) })).toBe("287082");
    expect(totpStep({ secret, code: "287082", now: new Date(59_000) })).toBe(1);
  });

  it("accepts one step of drift either way, and nothing further", () => {
    const secret = newTotpSecret();
    const now = new Date("2030-01-15T12:00:00Z");
    const at = (offsetSteps: number) =>
      totpCode({ secret, now: new Date(now.getTime() + offsetSteps * 30_000) });
    const step = Math.floor(now.getTime() / 30_000);
    expect(totpStep({ secret, code: at(0), now })).toBe(step);
    expect(totpStep({ secret, code: at(-1), now })).toBe(step - 1);
    expect(totpStep({ secret, code: at(1), now })).toBe(step + 1);
    for (const offset of [-2, 2]) {
      const code = at(offset);
      if (![at(-1), at(0), at(1)].includes(code)) expect(totpStep({ secret, code, now })).toBeNull();
    }
  });
});
