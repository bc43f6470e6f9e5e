// The withdrawals module: sends to outside addresses, from the policy to the chain. A withdrawal is
// recorded in its send's db transaction where the withdrawal policy puts it (held for a new address,
// awaiting staff approval, or queued); holds end, staff approve or reject, the customer may cancel until
// it is queued; payouts pay the queue from the hot wallet's coins, are broadcast, tracked through the
// blocks the follower tells of (payoutBlocks) and settled at CONFIRMATIONS, or failed and reversed. A sweep
// of the hot wallet's excess to the cold vault is a payout too (purpose `sweep`, no withdrawals; the vault
// module's index gives its address and keeps its coin). It owns withdrawals, withdrawal_approvals and payouts.

export { cancelWithdrawal } from "./cancel-withdrawal.js";
export type { PayoutContext } from "./context.js";
export { approveWithdrawal, rejectWithdrawal } from "./decide-withdrawal.js";
export { type BroadcastOutcome, broadcastPayout, type PayOutReport, payOutQueued } from "./pay-out.js";
export { payoutBlocks } from "./payout-blocks.js";
export {
  addressHistory,
  type DecisionRow,
  findDecisions,
  listWithdrawalsByStatus,
} from "./policy-queries.js";
export { findPayout, type PayoutRow, pendingWithdrawalTotals, type WithdrawalRow } from "./queries.js";
export { withdrawalGate } from "./queue-withdrawal.js";
export { releaseHeldWithdrawals } from "./release-held.js";
export { withdrawalRoutes } from "./routes.js";
export { failPayout, settlePayout } from "./settle-payout.js";
export { SWEEP_CANDIDATES, type SweepContext, type SweepReport, sweepHotWallet } from "./sweep.js";
export { type PayoutsReport, trackPayouts } from "./track-payouts.js";
