// The withdrawals module: sends to outside addresses, from the queue to the chain. A withdrawal is queued
// in its send's db transaction; payouts pay the queue from the hot wallet's coins, are broadcast, tracked
// through the blocks the follower tells of (payoutBlocks) and settled at CONFIRMATIONS, or failed and
// reversed. It owns withdrawals and payouts.
export type { PayoutContext } from "./context.js";
export { type BroadcastOutcome, broadcastPayout, type PayOutReport, payOutQueued } from "./pay-out.js";
export { payoutBlocks } from "./payout-blocks.js";
export { findPayout, type PayoutRow, pendingWithdrawalTotals, type WithdrawalRow } from "./queries.js";
export { type QueuedWithdrawal, queueWithdrawal, withdrawalGate } from "./queue-withdrawal.js";
export { failPayout, settlePayout } from "./settle-payout.js";
export { type PayoutsReport, trackPayouts } from "./track-payouts.js";
