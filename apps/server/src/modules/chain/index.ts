// The chain module: the bank on the chain. The follower (syncChain) reads the best chain block by block:
// deposits to customers' addresses, seen and credited, reorganisations undone; the hot wallet's coins;
// the books' on-chain invariants. It owns chain_blocks, chain_deposits and hot_wallet_utxos, and tells
// its block listeners of every block processed and undone (the payouts are the withdrawals module's).

export { type Books, checkBooks, type HotWalletReconciliation, reconcileHotWallet } from "./books.js";
export { askTip, followerHeight, TIP_TIMEOUT_MS } from "./chain-position.js";
export type { BlockListener, ChainContext, ConnectedBlock } from "./context.js";
export { paymentsIn } from "./payments.js";
export {
  type ChainDepositRow,
  findLastBlock,
  findReorgedDeposits,
  findUnresolvedReorged,
} from "./queries.js";
export { type DepositResolutionOutcome, resolveReorganisedDeposit } from "./resolve-deposit.js";
export { type SyncReport, syncChain } from "./sync-chain.js";
export {
  type BankCoinRow,
  claimAvailableUtxos,
  findBankCoins,
  findHotReserveCoins,
  type HotReserveCoin,
  type HotWalletUtxoRow,
  insertUtxo,
  lockUtxosFor,
  releaseUtxosOf,
  spendUtxosOf,
  sumUtxos,
} from "./utxo-queries.js";
