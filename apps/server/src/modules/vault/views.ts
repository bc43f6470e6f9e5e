import { apiPaths, type VaultRefill } from "@satsbank/shared";
import type { ColdVault } from "../../bitcoin/vault/index.js";
import { vaultId } from "./context.js";
import { isComplete, refillInputs, signersOf, storedPsbt } from "./refill-psbt.js";
import type { RefillWithCreator } from "./refill-queries.js";

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/**
 * A refill as the Vault tab shows it. Its inputs and their signers are read from its PSBT (checked against
 * `vault`; a refill of another descriptor shows no signer).
 */
export function toVaultRefill(refill: RefillWithCreator, vault: ColdVault | null): VaultRefill {
  const tx = storedPsbt(refill);
  const ours = vault !== null && vaultId(vault) === refill.vault;
  const inputs = ours ? refillInputs(vault, tx) : [];
  const signers = ours ? signersOf(tx, inputs) : [];
  const hex = (bytes: Uint8Array | undefined) =>
    bytes === undefined ? "" : Buffer.from(bytes).toString("hex");
  return {
    id: refill.id,
    status: refill.status,
    amountSats: refill.amountSats.toString(),
    minerFeeSats: refill.minerFeeSats.toString(),
    reason: refill.reason,
    txid: refill.txid,
    hotAddress: refill.hotAddress,
    change:
      refill.changeAddress === null || refill.changeSats === null
        ? null
        : { address: refill.changeAddress, sats: refill.changeSats.toString() },
    inputs: Array.from({ length: tx.inputsLength }, (_, i) => {
      const input = tx.getInput(i);
      return {
        txid: hex(input.txid),
        vout: input.index ?? 0,
        valueSats: (input.witnessUtxo?.amount ?? 0n).toString(),
        signedBy: (signers[i] ?? []).map((key) => key.keyNumber).sort(),
      };
    }),
    complete: ours && isComplete(vault, signers),
    createdBy: { id: refill.createdBy, name: refill.createdByName },
    createdAt: refill.createdAt.toISOString(),
    broadcastAt: iso(refill.broadcastAt),
    confirmedAt: iso(refill.confirmedAt),
    blockHeight: refill.blockHeight,
    failure: refill.failure,
    psbtUrl: apiPaths.admin.vaultRefillPsbt(refill.id),
  };
}
