import { Transaction } from "@scure/btc-signer";
import { type CoinChoice, chooseCoins } from "../payout-transaction.js";
import { equalBytes } from "../script-bytes.js";
import { type VaultOutput, vaultOutput } from "./address.js";
import { type ColdVault, VAULT_CHAIN_STEP } from "./descriptor.js";
import { type VaultCoin, vaultPsbtInput, vaultPsbtOutput } from "./psbt.js";

// A refill: coins of the cold vault (P2WSH 2-of-3) to the hot wallet, as a PSBT (BIP-174) two key holders
// sign offline. Pure: the coin choice, the PSBT as made, reading an uploaded one, and the checks before
// the server finalises it. The server holds no key of the vault: it signs nothing here.

const PSBT_MAGIC = Buffer.from([0x70, 0x73, 0x62, 0x74, 0xff]);

export type RefillChoice = { coins: VaultCoin[]; minerFee: bigint; changeSats: bigint | null };

/**
 * Picks the vault coins that pay `amountSats` to the hot wallet (`hotScript`) and the miner fee at `feeRate`
 * for the transaction they make, with change back to the vault unless it would be dust: the payouts'
 * selector (decision 0019), sizing each input as a P2WSH 2-of-3 spend (two signatures, the witness script).
 * Null when the coins cannot cover.
 */
export function chooseVaultCoins({
  vault,
  coins,
  amountSats,
  hotScript,
  changeScript,
  feeRate,
}: {
  vault: ColdVault;
  coins: readonly VaultCoin[];
  amountSats: bigint;
  hotScript: Uint8Array;
  changeScript: Uint8Array;
  feeRate: number;
}): RefillChoice | null {
  const first = coins[0];
  if (first === undefined) return null;
  // Every vault output is a P2WSH of a 2-of-3 of compressed keys: one stands for all in the input's size.
  const kind = vaultOutput(vault, first.chain, first.index);
  const byOutpoint = new Map(coins.map((coin) => [`${coin.txid}:${coin.vout}`, coin]));
  const choice: CoinChoice | null = chooseCoins({
    coins: coins.map((coin) => ({ ...coin, chain: VAULT_CHAIN_STEP[coin.chain], chainIndex: coin.index })),
    paymentScripts: [hotScript],
    amountSats,
    changeScript,
    feeRate,
    coinKind: { script: kind.script, witnessScript: kind.witnessScript },
  });
  if (choice === null) return null;
  const chosen = choice.coins.map((coin) => {
    const found = byOutpoint.get(`${coin.txid}:${coin.vout}`);
    if (found === undefined) throw new Error("The coin selector answered a coin it was not given");
    return found;
  });
  return { coins: chosen, minerFee: choice.minerFee, changeSats: choice.changeSats };
}

export type RefillPsbt = {
  /** The unsigned PSBT (BIP-174), base64. */
  psbt: string;
  /** Fixed now: the inputs are P2WSH, whose signatures are witness data. */
  txid: string;
  hotVout: number;
  changeVout: number | null;
};

/**
 * The refill's unsigned PSBT: each vault coin as an input with what signers need (witnessUtxo,
 * witnessScript, each key's bip32Derivation), the hot wallet's output, then the vault's change (with its
 * derivation, so signers show it as change).
 */
export function buildRefillPsbt({
  vault,
  coins,
  hotScript,
  amountSats,
  change,
}: {
  vault: ColdVault;
  coins: readonly VaultCoin[];
  hotScript: Uint8Array;
  amountSats: bigint;
  change: { index: number; sats: bigint } | null;
}): RefillPsbt {
  const tx = new Transaction();
  for (const coin of coins) tx.addInput(vaultPsbtInput(vault, coin));
  const hotVout = tx.addOutput({ script: hotScript, amount: amountSats });
  const changeVout =
    change === null ? null : tx.addOutput(vaultPsbtOutput(vault, "change", change.index, change.sats));
  return { psbt: Buffer.from(tx.toPSBT()).toString("base64"), txid: tx.id, hotVout, changeVout };
}

/**
 * An uploaded PSBT's bytes: base64 text (Sparrow, Bitcoin Core's walletprocesspsbt, `npm run vault -- sign`),
 * or hex; null when it is neither, or does not start as a PSBT does.
 */
export function psbtBytes(text: string): Uint8Array | null {
  const compact = text.replace(/\s+/g, "");
  let bytes: Buffer;
  if (/^(70736274ff)([0-9a-f]{2})*$/i.test(compact)) bytes = Buffer.from(compact, "hex");
  else if (/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) bytes = Buffer.from(compact, "base64");
  else return null;
  return bytes.subarray(0, PSBT_MAGIC.length).equals(PSBT_MAGIC) ? bytes : null;
}

/**
 * The uploaded PSBT, or null when it does not parse as one. `options` are btc-signer's (a reserves proof's
 * input 0, the commitment, states no coin: `allowUnknownInputs`).
 */
export function readPsbt(text: string, options?: { allowUnknownInputs?: boolean }): Transaction | null {
  const bytes = psbtBytes(text);
  if (bytes === null) return null;
  try {
    return Transaction.fromPSBT(bytes, options);
  } catch {
    return null;
  }
}

/** Whether input `index` of `tx` spends `output` as the vault derives it: the same scripts and prevout. */
export function spendsVaultOutput(tx: Transaction, index: number, output: VaultOutput): boolean {
  const input = tx.getInput(index);
  return (
    input.witnessUtxo !== undefined &&
    input.witnessScript !== undefined &&
    equalBytes(input.witnessUtxo.script, output.script) &&
    equalBytes(input.witnessScript, output.witnessScript)
  );
}

const hex = (bytes: Uint8Array | undefined) =>
  bytes === undefined ? "" : Buffer.from(bytes).toString("hex");

/**
 * What is wrong with a refill's transaction before it is finalised, in words (none: nothing). The inputs
 * must be exactly the refill's vault coins (outpoint, amount and scripts, in order), and every output must
 * pay the hot wallet's address its amount or the vault's change its amount, each once, and nothing else.
 */
export function refillProblems(
  tx: Transaction,
  expected: {
    vault: ColdVault;
    coins: readonly VaultCoin[];
    hotScript: Uint8Array;
    amountSats: bigint;
    change: { index: number; sats: bigint } | null;
  },
): string[] {
  const problems: string[] = [];
  if (tx.inputsLength !== expected.coins.length) {
    problems.push(`It spends ${tx.inputsLength} coins, the refill ${expected.coins.length}.`);
  }
  expected.coins.forEach((coin, i) => {
    if (i >= tx.inputsLength) return;
    const input = tx.getInput(i);
    const output = vaultOutput(expected.vault, coin.chain, coin.index);
    if (hex(input.txid) !== coin.txid || input.index !== coin.vout) {
      problems.push(`Input ${i} is not the vault coin ${coin.txid}:${coin.vout}.`);
    } else if (!spendsVaultOutput(tx, i, output) || input.witnessUtxo?.amount !== coin.valueSats) {
      problems.push(
        `Input ${i} does not spend the vault's coin ${coin.txid}:${coin.vout} as the vault has it.`,
      );
    }
  });
  const wanted = [{ script: expected.hotScript, amount: expected.amountSats, name: "the hot wallet" }];
  if (expected.change !== null) {
    const changeScript = vaultOutput(expected.vault, "change", expected.change.index).script;
    wanted.push({ script: changeScript, amount: expected.change.sats, name: "the vault's change" });
  }
  if (tx.outputsLength !== wanted.length) {
    problems.push(
      `It has ${tx.outputsLength} outputs: the hot wallet's and the vault's change only are allowed.`,
    );
  }
  for (let i = 0; i < tx.outputsLength; i++) {
    const output = tx.getOutput(i);
    const match = wanted.findIndex(
      (want) =>
        output.script !== undefined &&
        equalBytes(output.script, want.script) &&
        output.amount === want.amount,
    );
    if (match === -1)
      problems.push(`Output ${i} pays neither the hot wallet nor the vault's change as the refill says.`);
    else wanted.splice(match, 1);
  }
  return problems;
}
