import type { Db } from "../../db/client.js";
import { bankBalance } from "../../ledger/accounts.js";
import { checkLedgerInvariants, type LedgerInvariants } from "../../ledger/invariants.js";
import { sumUtxos } from "./utxo-queries.js";

export type HotWalletReconciliation = {
  /** What the ledger says the hot wallet holds (the size of its balance). */
  ledgerSats: bigint;
  /** The hot wallet's coins that are the bank's: available, locked by a payout, or out of the chain. */
  utxoSats: bigint;
  matches: boolean;
};

/**
 * The books' on-chain invariant: the hot wallet's ledger account equals its coins. Credited deposits add
 * to both at once; a payout takes its coins and adds its change when it confirms, as its posting moves the
 * ledger; a coin reorganised out of the chain still counts (the customer keeps the credit, staff see the
 * flag) until the bank decides.
 */
export async function reconcileHotWallet(db: Db): Promise<HotWalletReconciliation> {
  const [balance, utxos] = await Promise.all([bankBalance(db, "hot_wallet"), sumUtxos(db)]);
  const ledgerSats = -balance;
  const utxoSats = utxos.available + utxos.locked + utxos.missing;
  return { ledgerSats, utxoSats, matches: ledgerSats === utxoSats };
}

export type Books = {
  ledger: LedgerInvariants;
  hotWallet: HotWalletReconciliation;
  /** Every invariant: double entry, the hot wallet = its coins, reserves >= liabilities. */
  ok: boolean;
};

/** Every invariant of a bank on the chain, for staff and for the tests that move money on the chain. */
export async function checkBooks(db: Db): Promise<Books> {
  const [ledger, hotWallet] = await Promise.all([checkLedgerInvariants(db), reconcileHotWallet(db)]);
  return { ledger, hotWallet, ok: ledger.ok && hotWallet.matches && ledger.reservesCoverLiabilities };
}
