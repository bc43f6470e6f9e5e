import { type APIRequestContext, expect } from "@playwright/test";

// The sandbox chain's controls, as `npm run sandbox` uses them (loopback-only dev endpoints of the server
// under test). Each answers after the chain follower has run, so what it changed is already credited.

async function post(
  request: APIRequestContext,
  path: string,
  body: unknown,
): Promise<Record<string, unknown>> {
  const res = await request.post(path, { data: body });
  expect(res.ok(), `POST ${path} answered ${res.status()}: ${await res.text()}`).toBe(true);
  return (await res.json()) as Record<string, unknown>;
}

/** The sandbox's faucet pays `amountSats` to `address`: a payment waiting in the mempool. Answers the txid. */
export async function sandboxPay(
  request: APIRequestContext,
  address: string,
  amountSats: bigint,
): Promise<string> {
  const { txid } = await post(request, "/api/dev/sandbox/pay", {
    address,
    amountSats: amountSats.toString(),
  });
  return String(txid);
}

/** Mines `blocks` blocks; answers the chain's height. */
export async function sandboxMine(request: APIRequestContext, blocks = 1): Promise<number> {
  const { height } = await post(request, "/api/dev/sandbox/mine", { blocks });
  return Number(height);
}

/**
 * A regtest address outside the bank, paid only to make a worker pass: P2WPKH of the first 20 bytes of
 * SHA-256("satsbank-e2e:worker-pass"), a key nobody holds.
 */
const PASS_SINK = "bcrt1q7sn3hc5c95ph6dy26yurq88qa4lx48q3xzyqwz";

/**
 * Runs one pass of the server's worker now and waits for it: the follower, then the payouts (a withdrawal
 * queued for a payout is broadcast). The faucet's payment to an outside address is only the occasion: the
 * sandbox's controls answer after a pass, and no endpoint runs one alone.
 */
export async function sandboxWorkerPass(request: APIRequestContext): Promise<void> {
  await sandboxPay(request, PASS_SINK, 1_000n);
}
