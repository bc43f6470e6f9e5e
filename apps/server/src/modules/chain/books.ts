import type { Db } from "../../db/client.js";
import { bankBalance } from "../../ledger/accounts.js";
import { sumUtxos } from "./queries.js";

export type HotWalletReconciliation = {
  /** What the ledger says the hot wallet holds (the size of its balance). */
  ledgerSats: bigint;
  /** The hot wallet's coins that are the bank's: available, locked by a withdrawal, or out of the chain. */
  utxoSats: bigint;
  matches: boolean;
};

/**
 * The books' on-chain invariant: the hot wallet's ledger account equals its coins. Credited deposits add
 * to both at once; a coin reorganised out of the chain still counts (the customer keeps the credit, staff
 * see the flag) until the bank decides.
 */
export async function reconcileHotWallet(db: Db): Promise<HotWalletReconciliation> {
  const [balance, utxos] = await Promise.all([bankBalance(db, "hot_wallet"), sumUtxos(db)]);
  const ledgerSats = -balance;
  const utxoSats = utxos.available + utxos.locked + utxos.missing;
  return { ledgerSats, utxoSats, matches: ledgerSats === utxoSats };
}
