import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deriveAddress, isValidAddress, RECEIVE_CHAIN } from "../../bitcoin/keys.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { insertCustomer, walletContext } from "../../test/money-helpers.js";
import { depositAddressFor } from "./deposit-address.js";
import { findUserDepositAddress } from "./queries.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("deposit addresses", () => {
  it("gives each customer the next unused BIP84 receive address, once", async () => {
    const ctx = walletContext(t);
    const [first, second] = [await insertCustomer(t.db), await insertCustomer(t.db)];
    const a = await depositAddressFor({ ctx, userId: first.id });
    const b = await depositAddressFor({ ctx, userId: second.id });
    expect(a).toBe(deriveAddress(ctx.walletKeys.account, "regtest", RECEIVE_CHAIN, 0));
    expect(b).toBe(deriveAddress(ctx.walletKeys.account, "regtest", RECEIVE_CHAIN, 1));
    expect(isValidAddress(a, "regtest")).toBe(true);
    expect(a).toMatch(/^bcrt1q/);
    expect(await depositAddressFor({ ctx, userId: first.id })).toBe(a);
    const row = await findUserDepositAddress(t.db, { userId: first.id, network: "regtest" });
    expect(row).toMatchObject({ address: a, chain: 0, chainIndex: 0, network: "regtest" });
  });

  it("never gives two customers one index, nor one customer two addresses, when asked at once", async () => {
    const ctx = walletContext(t);
    const users = await Promise.all(Array.from({ length: 6 }, () => insertCustomer(t.db)));
    const asked = [...users, ...users].map((user) => depositAddressFor({ ctx, userId: user.id }));
    const addresses = await Promise.all(asked);
    expect(new Set(addresses).size).toBe(users.length);
    for (let i = 0; i < users.length; i++) expect(addresses[i]).toBe(addresses[i + users.length]);
  });
});
