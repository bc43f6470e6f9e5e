import { randomUUID } from "node:crypto";
import { apiPaths, insufficientFundsText, sendErrors, sendMessages } from "@satsbank/shared";
import { expect } from "vitest";
import { balanceOf, sendRequest, type TestCustomer, testCustomer } from "../money-helpers.js";
import { testKey } from "../sign-message.js";
import { statusCounts } from "../status-counts.js";
import { A_SEND, type Attack, attack, call, expectRefused } from "./attack.js";
import type { World } from "./world.js";

const FUNDS = 1_000_000n;

// Each kind of row sends from a customer of its own, so the send limit (30 a minute) is theirs alone.
const senders = new Map<string, Promise<TestCustomer>>();
function senderFor(w: World, name: string): Promise<TestCustomer> {
  let sender = senders.get(name);
  if (sender === undefined) {
    sender = testCustomer(w.t, { name, funds: FUNDS });
    senders.set(name, sender);
  }
  return sender;
}

/** Where the refusal is said; `judged` when the amount was well-formed, read and counted by the limits. */
type Refusal = { field: string; message: (balance: bigint) => string; judged?: true };
/** The wire contract's pattern (decimal satoshis, no sign, no exponent, at most 18 digits). */
const notSats: Refusal = { field: "amountSats", message: () => "Invalid amount" };
const zero: Refusal = { field: "amount", message: () => sendMessages.invalidAmount.text, judged: true };
/** More than anyone has: a well-formed amount is judged against the balance. */
const tooMuch: Refusal = {
  field: "amount",
  message: (balance) => insufficientFundsText(balance),
  judged: true,
};
const notAString: Refusal = {
  field: "amountSats",
  message: () => "Invalid input: expected string, received number",
};

/** Every amount nobody may send: a new one joins by a line. */
const AMOUNTS: [unknown, Refusal][] = [
  ["-1", notSats],
  ["-0", notSats],
  ["0", zero],
  ["00", notSats],
  ["0.5", notSats],
  ["1.5", notSats],
  ["2100000000000001", tooMuch], // 21 million BTC and one satoshi
  ["999999999999999999", tooMuch], // the most digits the contract takes
  ["9223372036854775808", notSats], // 2^63
  ["18446744073709551617", notSats], // 2^64 + 1
  ["1e5", notSats],
  ["1E5", notSats],
  [" 100", notSats],
  ["100 ", notSats],
  ["1 000", notSats],
  ["1_000", notSats],
  ["0x64", notSats],
  ["+100", notSats],
  ["１００", notSats], // full-width digits
  ["Infinity", notSats],
  ["NaN", notSats],
  ["", notSats],
  [100, notAString],
  [-1, notAString],
];

const amountAttacks = AMOUNTS.map(([amountSats, refusal]) =>
  attack({
    name: `amount ${JSON.stringify(amountSats)}`,
    // A well-formed refused quote or send counts toward the customer's limits; a malformed one changes nothing.
    ...(refusal.judged ? { mayChange: ["rate_limit_counters"] } : {}),
    before: (w) => senderFor(w, "Amount Tester"),
    attack: async (w, sender) => {
      const balance = await balanceOf(w.t, sender.token);
      for (const url of [apiPaths.wallet.quote, apiPaths.wallet.send]) {
        const res = await call(w, {
          url,
          payload: { recipient: w.alice.user.username, amountSats, idempotencyKey: randomUUID() },
          as: sender.token,
        });
        const message = refusal.message(balance);
        expectRefused(res, 400, { code: "VALIDATION_ERROR", fields: { [refusal.field]: message } }, url);
      }
      expect(await balanceOf(w.t, sender.token)).toBe(balance);
    },
  }),
);

type FirstSend = { sender: TestCustomer; body: Record<string, string>; transactionId: string };

/** The first send: to alice, or (`outside`) a withdrawal to an address outside the bank. */
async function firstSend(w: World, outside = false): Promise<FirstSend> {
  const sender = await senderFor(w, "Replay Tester");
  const body = {
    idempotencyKey: randomUUID(),
    recipient: outside ? testKey("p2wpkh").address : w.alice.user.username,
    amountSats: "5000",
    note: "once",
  };
  const res = await sendRequest(w.t, sender.token, body);
  expect(res.statusCode, res.body).toBe(201);
  return { sender, body, transactionId: res.json().transaction.id };
}

const keyReused = { code: "CONFLICT", message: sendErrors.keyReused.text, reason: "keyReused" };

/** A replayed key with another body: refused, the first send as it was, nothing posted twice. */
const CHANGES: [string, (w: World) => Record<string, string>, boolean][] = [
  ["the amount", () => ({ amountSats: "5001" }), false],
  ["the recipient", (w) => ({ recipient: w.bob.user.username }), false],
  ["the note", () => ({ note: "twice" }), false],
  ["the amount, of a withdrawal", () => ({ amountSats: "5001" }), true],
  ["the address, of a withdrawal", () => ({ recipient: testKey("p2wpkh").address }), true],
];

const replayAttacks = CHANGES.map(([what, change, outside]) =>
  attack({
    name: `a replayed idempotency key with ${what} changed`,
    mayChange: ["rate_limit_counters"],
    before: (w) => firstSend(w, outside),
    attack: async (w, first) => {
      const res = await sendRequest(w.t, first.sender.token, { ...first.body, ...change(w) });
      expectRefused(res, 409, keyReused);
      // The same body again is the first send, answered again.
      const again = await sendRequest(w.t, first.sender.token, first.body);
      expect(again.statusCode).toBe(201);
      expect(again.json().transaction.id).toBe(first.transactionId);
    },
  }),
);

export const moneyAttacks: Attack[] = [
  ...amountAttacks,
  ...replayAttacks,
  attack({
    name: "one idempotency key, ten different bodies at once: one send",
    mayChange: A_SEND,
    before: (w) => senderFor(w, "Racing Replayer"),
    attack: async (w, sender) => {
      const balance = await balanceOf(w.t, sender.token);
      const idempotencyKey = randomUUID();
      const burst = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          sendRequest(w.t, sender.token, {
            idempotencyKey,
            recipient: w.alice.user.username,
            amountSats: String(100 + i),
          }),
        ),
      );
      expect(statusCounts(burst)).toEqual({ 201: 1, 409: 9 });
      const sent = BigInt(burst.find((res) => res.statusCode === 201)?.json().transaction.amountSats);
      expect(await balanceOf(w.t, sender.token)).toBe(balance - sent);
    },
  }),
  attack({
    name: "another customer's idempotency key: his own send, never her transaction",
    mayChange: A_SEND,
    before: firstSend,
    attack: async (w, first) => {
      const res = await sendRequest(w.t, w.bob.token, first.body);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().transaction.id).not.toBe(first.transactionId);
    },
  }),
];
