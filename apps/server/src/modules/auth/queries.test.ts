import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { findSession, insertSession } from "./session-queries.js";
import {
  findPasswordHash,
  findTwoFactorSecrets,
  findUserByEmail,
  findUserById,
  findUserByUsername,
  insertUser,
  updateUser,
} from "./user-queries.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const USER_KEYS = [
  "accountType",
  "createdAt",
  "email",
  "emailVerified",
  "hasPasskey",
  "id",
  "name",
  "phone",
  "role",
  "status",
  "twoFactorEnabled",
  "username",
];

describe("the queries that return a person", () => {
  it("return a User, never the password hash or a TOTP secret; only the credential queries do", async () => {
    const inserted = await insertUser(t.db, {
      email: "secret-keeper@example.com",
      username: "secretkeeper",
      name: "Secret Keeper",
      phone: null,
      passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$stored-hash",
      role: "customer",
      accountType: "personal",
    });
    const updated = await updateUser(t.db, inserted.id, {
      totpSecret: "sealed-active",
      totpPendingSecret: "sealed-pending",
      updatedAt: new Date(),
    });
    const now = new Date();
    await insertSession(t.db, {
      userId: inserted.id,
      tokenHash: "a-session-token-hash",
      remember: false,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 60_000),
    });
    const people = [
      inserted,
      updated,
      await findUserById(t.db, inserted.id),
      await findUserByEmail(t.db, "Secret-Keeper@example.com"),
      await findUserByUsername(t.db, "SecretKeeper"),
      (await findSession(t.db, "a-session-token-hash", now))?.user,
    ];
    for (const person of people) {
      expect(Object.keys(person ?? {}).sort()).toEqual(USER_KEYS);
      expect(JSON.stringify(person)).not.toMatch(/argon2|sealed-/);
    }
    expect(inserted).toMatchObject({ twoFactorEnabled: false, emailVerified: false, status: "active" });
    expect(updated).toMatchObject({ twoFactorEnabled: true, emailVerified: false });

    expect(await findPasswordHash(t.db, inserted.id)).toBe("$argon2id$v=19$m=19456,t=2,p=1$stored-hash");
    expect(await findTwoFactorSecrets(t.db, inserted.id)).toEqual({
      totpSecret: "sealed-active",
      totpPendingSecret: "sealed-pending",
      totpLastStep: null,
    });
  });
});
