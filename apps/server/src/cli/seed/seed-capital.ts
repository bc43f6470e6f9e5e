import { CHANGE_CHAIN, deriveAddress } from "../../bitcoin/keys.js";
import { inDbTransaction } from "../../db/db-transaction.js";
import { sats } from "../../domain/money.js";
import { bankAccountId, countCredits } from "../../ledger/accounts.js";
import { postTransfers } from "../../ledger/post-transfers.js";
import { claimNextIndex } from "../../modules/addresses/index.js";
import { insertUtxo } from "../../modules/chain/index.js";
import type { DemoChain } from "./seed-chain.js";

/**
 * The demo bank's own money in its hot wallet: 0.01 BTC. Sweeps to the cold vault and refills from it pay
 * miner fees that no customer pays, out of the bank's own money (what its reserves hold beyond what it
 * owes); without it the first sweep would leave fewer coins than the bank owes, and the solvency watchdog
 * would pause payouts.
 */
export const DEMO_BANK_CAPITAL_SATS = sats(1_000_000n);

const REFERENCE = "bank-capital";

/**
 * The demo bank's founders pay in its capital, dated `when`: the sandbox faucet pays a new address of the
 * hot wallet's change chain, blocks confirm it, and in one db transaction the coin is added to the hot
 * wallet and posted as the bank's equity (opening equity to the hot wallet, `bank-capital`). The bank has no
 * product path for capital (it would come with a bank's own treasury): this stands for it. Skipped when the
 * capital is in the books already (an earlier run).
 */
export async function seedBankCapital(chain: DemoChain, when: Date): Promise<void> {
  const { db, walletKeys: keys } = chain;
  const equity = await bankAccountId(db, "opening_equity");
  if ((await countCredits(db, { account: equity, kind: "opening_balance", reference: REFERENCE })) > 0)
    return;
  const index = await claimNextIndex(db, { network: keys.network, chain: CHANGE_CHAIN });
  const address = deriveAddress(keys.account, keys.network, CHANGE_CHAIN, index);
  const txid = await chain.node.pay(address, DEMO_BANK_CAPITAL_SATS);
  await chain.node.mine(chain.confirmations);
  const vout = (await chain.backend.transaction(txid))?.outputs.find(
    (output) => output.address === address,
  )?.vout;
  if (vout === undefined) throw new Error(`The bank's capital ${txid} pays no output to ${address}`);
  await inDbTransaction(db, async (tx) => {
    await insertUtxo(tx, {
      txid,
      vout,
      valueSats: DEMO_BANK_CAPITAL_SATS,
      address,
      chain: CHANGE_CHAIN,
      chainIndex: index,
      status: "available",
      spentBy: null,
      createdAt: when,
    });
    await postTransfers(
      tx,
      [
        {
          debit: await bankAccountId(tx, "hot_wallet"),
          credit: equity,
          amount: DEMO_BANK_CAPITAL_SATS,
          kind: "opening_balance",
          reference: REFERENCE,
        },
      ],
      { idempotencyKey: `${REFERENCE}:${txid}`, at: when },
    );
  });
}
