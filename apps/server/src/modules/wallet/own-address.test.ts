import { randomUUID } from "node:crypto";
import { sendErrors } from "@satsbank/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHANGE_CHAIN, deriveAddress, RECEIVE_CHAIN } from "../../bitcoin/keys.js";
import { payouts } from "../../db/schema/index.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import {
  expectBooksBalanced,
  quoteRequest,
  sendRequest,
  type TestCustomer,
  testCustomer,
  walletContext,
} from "../../test/money-helpers.js";
import { BANK_ADDRESS_GAP, depositAddressFor, type VaultAddresses } from "../addresses/index.js";
import { findUserById } from "../auth/index.js";
import { sendBitcoin } from "./send-bitcoin.js";

// The bank's own addresses are not outside addresses: a send to the hot wallet's change chain, to a
// receive address not yet issued to anyone, or to the vault is refused, never queued as a withdrawal
// whose coins would come back untracked.

let t: TestApp;
let carol: TestCustomer;
const keys = () => walletContext(t).walletKeys;
const address = (chain: number, index: number) => deriveAddress(keys().account, "regtest", chain, index);

beforeAll(async () => {
  t = await createTestApp();
  carol = await testCustomer(t, { name: "Carol Sender", funds: 100_000n });
});
afterAll(async () => {
  await expectBooksBalanced(t.db);
  await t.close();
});

async function expectOwnAddress(recipient: string) {
  for (const res of [
    await quoteRequest(t, carol.token, { recipient, amountSats: "10000" }),
    await sendRequest(t, carol.token, { recipient, amountSats: "10000" }),
  ]) {
    expect(res.statusCode, recipient).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: "VALIDATION_ERROR",
        message: sendErrors.ownAddress.text,
        fields: { recipient: sendErrors.ownAddress.text },
        reason: "ownAddress",
      },
    });
  }
}

describe("a send to one of the bank's own addresses", () => {
  it("is refused for the change chain and for receive addresses not yet issued, within the window", async () => {
    expect(sendErrors.ownAddress).toEqual({
      title: "Address not allowed",
      text: "This address belongs to the bank itself: send to a customer's username or an address outside the bank.",
    });
    // Index 0 of the receive chain goes to dave: it is his, a transfer to him.
    const dave = await testCustomer(t, { name: "Dave Receiver" });
    const daves = await depositAddressFor({ ctx: walletContext(t), userId: dave.user.id });
    expect(daves).toBe(address(RECEIVE_CHAIN, 0));
    const quote = await quoteRequest(t, carol.token, { recipient: daves, amountSats: "10000" });
    expect(quote.json()).toMatchObject({ kind: "transfer", payee: { username: dave.user.username } });

    await expectOwnAddress(address(RECEIVE_CHAIN, 1));
    await expectOwnAddress(address(RECEIVE_CHAIN, BANK_ADDRESS_GAP));
    await expectOwnAddress(address(CHANGE_CHAIN, 0));
    await expectOwnAddress(address(CHANGE_CHAIN, BANK_ADDRESS_GAP - 1));
    // Past the window: an address the bank will not hand out for a long while. (The addresses derived for
    // a window further on, as another database of this process may have asked, do not count.)
    await t.db.execute(
      sql`update address_chains set next_index = 50 where network = 'regtest' and chain = 0`,
    );
    await expectOwnAddress(address(RECEIVE_CHAIN, BANK_ADDRESS_GAP + 1));
    await t.db.execute(sql`update address_chains set next_index = 1 where network = 'regtest' and chain = 0`);
    const far = await quoteRequest(t, carol.token, {
      recipient: address(RECEIVE_CHAIN, BANK_ADDRESS_GAP + 1),
      amountSats: "10000",
    });
    expect(far.json()).toMatchObject({ kind: "withdrawal" });
  });

  it("is refused for a change address a payout used, below the chain's next index", async () => {
    await t.db.execute(
      sql`insert into address_chains (network, chain, next_index) values ('regtest', 1, 5000)
          on conflict (network, chain) do update set next_index = 5000`,
    );
    const used = address(CHANGE_CHAIN, 17);
    await t.db.insert(payouts).values({
      txid: "cd".repeat(32),
      hex: "00",
      status: "confirmed",
      minerFeeSats: 500n,
      vsize: 141,
      changeVout: 1,
      changeSats: 40_000n,
      changeAddress: used,
      changeIndex: 17,
      blockHeight: null,
      failure: null,
      createdAt: new Date(),
      broadcastAt: null,
      confirmedAt: null,
    });
    await expectOwnAddress(used);
    await expectOwnAddress(address(CHANGE_CHAIN, 5000));
  });

  it("is refused for the vault's addresses (the vault module's port)", async () => {
    const vault = "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080";
    const sender = await findUserById(t.db, carol.user.id);
    if (sender === undefined) throw new Error("carol is missing");
    const send = (vaultAddresses?: VaultAddresses) =>
      sendBitcoin({
        ctx: { ...walletContext(t), ...(vaultAddresses ? { vaultAddresses } : {}) },
        sender,
        body: { recipient: vault, amountSats: "10000", idempotencyKey: randomUUID() },
      });
    await expect(send(async (_db, a) => a === vault)).rejects.toMatchObject({ reason: "ownAddress" });
    // Without the port it is an outside address like any other.
    await expect(send()).resolves.toMatchObject({ type: "send", status: "pending" });
  });
});
