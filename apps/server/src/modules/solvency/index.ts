// The solvency module: the watchdog. After every follower pass and every payout the worker checks the
// books against the chain (liabilities from the ledger; reserves as coins the chain backend has) and
// records the check: payouts pause while it fails (unless staff resumed them by hand while those same
// problems stood) and staff are alerted when a pause starts. It serves the check to staff, lets them resume
// payouts and resolve a reorganised deposit, and answers whether new withdrawals must wait. It owns
// solvency_state.
export { checkSolvency, type SolvencyCheck } from "./check-solvency.js";
export type { SolvencyContext, VaultReserves } from "./context.js";
export {
  assertWithdrawalsRunning,
  getSolvency,
  payoutsPausedReason,
  withdrawalsPaused,
} from "./get-solvency.js";
export { findSolvencyState, type SolvencyStateRow } from "./queries.js";
export { solvencyRoutes } from "./routes.js";
export { toReorgedDeposit, toSolvency } from "./views.js";
export { recordSolvencyCheck, type SolvencyReport, watchSolvency } from "./watch-solvency.js";
