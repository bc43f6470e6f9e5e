import { apiPaths, receiveInfoSchema } from "@satsbank/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../adapters/clock.js";
import { createRateLimiter } from "../../adapters/rate-limit/limiter.js";
import { isValidAddress } from "../../bitcoin/keys.js";
import { getJson, signIn } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { testCustomer } from "../../test/money-helpers.js";
import { findDepositAddresses, markDepositAddressesUsed } from "../addresses/index.js";
import { createStaff } from "../auth/index.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function receiveInfo(token: string) {
  const res = await getJson(t, apiPaths.wallet.receive, { cookie: token });
  expect(res.statusCode, res.body).toBe(200);
  return receiveInfoSchema.parse(res.json());
}

describe("GET /api/wallet/receive", () => {
  it("gives the customer their own regtest deposit address, its BIP21 URI and their username", async () => {
    // Receiving needs no verification: a customer who just signed up can be paid.
    const customer = await testCustomer(t, { verified: false, emailVerified: false });
    const info = await receiveInfo(customer.token);
    expect(info).toEqual({
      address: info.address,
      uri: `bitcoin:${info.address}`,
      username: customer.user.username,
      network: "regtest",
      label: null,
    });
    expect(info.address).toMatch(/^bcrt1q[02-9ac-hj-np-z]+$/);
    expect(isValidAddress(info.address, "regtest")).toBe(true);
    const [owned] = await findDepositAddresses(t.db, { network: "regtest", addresses: [info.address] });
    expect(owned?.userId).toBe(customer.user.id);
  });

  it("answers the same address until a payment to it is seen, then the next one", async () => {
    const customer = await testCustomer(t);
    const first = await receiveInfo(customer.token);
    expect(await receiveInfo(customer.token)).toEqual(first);

    await markDepositAddressesUsed(t.db, [first.address], systemClock.now());
    const next = await receiveInfo(customer.token);
    expect(next.address).not.toBe(first.address);
    expect(next.uri).toBe(`bitcoin:${next.address}`);
    expect(await receiveInfo(customer.token)).toEqual(next);
    const owned = await findDepositAddresses(t.db, {
      network: "regtest",
      addresses: [first.address, next.address],
    });
    expect(owned.map((row) => row.userId)).toEqual([customer.user.id, customer.user.id]);
  });

  it("gives two customers different addresses", async () => {
    const [a, b] = [await testCustomer(t), await testCustomer(t)];
    const [infoA, infoB] = await Promise.all([receiveInfo(a.token), receiveInfo(b.token)]);
    expect(infoA.address).not.toBe(infoB.address);
    expect(infoA.username).not.toBe(infoB.username);
  });

  it("is for signed-in customers only", async () => {
    expect((await getJson(t, apiPaths.wallet.receive)).statusCode).toBe(401);
    const ctx = {
      db: t.db,
      clock: systemClock,
      limiter: createRateLimiter({ db: t.db, clock: systemClock }),
    };
    await createStaff({
      ctx,
      name: "Staff",
      email: "receive-staff@example.com",
      password: "staff-password-1",
    });
    const { token } = await signIn(t, { email: "receive-staff@example.com", password: "staff-password-1" });
    expect((await getJson(t, apiPaths.wallet.receive, { cookie: token })).statusCode).toBe(403);
  });
});
