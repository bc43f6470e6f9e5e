import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deriveAddress, isValidAddress, RECEIVE_CHAIN } from "../../bitcoin/keys.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { insertCustomer, walletContext } from "../../test/money-helpers.js";
import { depositAddressFor } from "./deposit-address.js";
import { findCurrentDepositAddress, findDepositAddresses, markDepositAddressesUsed } from "./queries.js";

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
    const row = await findCurrentDepositAddress(t.db, { userId: first.id, network: "regtest" });
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

  it("moves a customer on to a new address once a payment to theirs is seen; the old one stays theirs", async () => {
    const ctx = walletContext(t);
    const customer = await insertCustomer(t.db);
    const used = await depositAddressFor({ ctx, userId: customer.id });
    await markDepositAddressesUsed(t.db, [used], new Date("2030-01-15T12:00:00Z"));
    const next = await depositAddressFor({ ctx, userId: customer.id });
    expect(next).not.toBe(used);
    expect(await depositAddressFor({ ctx, userId: customer.id })).toBe(next);
    const owned = await findDepositAddresses(t.db, {
      network: "regtest",
      addresses: [used, next, "bcrt1qnotours"],
    });
    expect(owned.map((row) => [row.address, row.userId]).sort()).toEqual(
      [
        [used, customer.id],
        [next, customer.id],
      ].sort(),
    );
    const [usedRow] = owned.filter((row) => row.address === used);
    const [nextRow] = owned.filter((row) => row.address === next);
    expect(nextRow?.chainIndex).toBeGreaterThan(usedRow?.chainIndex ?? Number.MAX_SAFE_INTEGER);
  });
});
