import type { EpochProof } from "@satsbank/shared";
import { checkEpochReserves } from "@satsbank/verify";
import { CheckCircle2, XCircle } from "lucide-react";
import { useMemo } from "react";
import { btcText } from "@/lib/money-text";
import { groupedDigits } from "./proof-result";

/**
 * The reserves proof's outcome, checked in this browser from the raw PSBT (@satsbank/verify): every coin
 * signed for this epoch's commitment, their sum against the liabilities; the amount with a check mark, or
 * every failure in words. Whether each coin was still unspent at the block is the chain's to say: the
 * command line verifier asks it (`--chain`).
 */
export function ReservesResult({ proof }: { proof: EpochProof }) {
  const reserves = proof.reserves;
  const failures = useMemo(
    () =>
      reserves === null || reserves.status === "awaiting_signatures"
        ? []
        : checkEpochReserves(proof)
            .checks.filter((check) => !check.ok)
            .map((check) => check.says),
    [proof, reserves],
  );
  if (reserves === null) {
    return (
      <p className="rounded-xl border bg-card px-4 py-3 text-sm">
        Reserves on the chain: not yet published for this epoch.
      </p>
    );
  }
  if (reserves.status === "awaiting_signatures") {
    return (
      <p className="rounded-xl border bg-card px-4 py-3 text-sm">
        Reserves on the chain: waiting for the vault's key holders to sign this epoch's proof.
      </p>
    );
  }
  if (failures.length > 0) {
    return (
      <div
        role="alert"
        className="flex items-start gap-3 rounded-xl border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm"
      >
        <XCircle className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
        <div className="flex flex-col gap-1">
          <p className="font-semibold">The reserves proof does not verify. Your browser found:</p>
          <ul className="flex list-disc flex-col gap-1 pl-4">
            {failures.map((failure) => (
              <li key={failure}>{failure}.</li>
            ))}
          </ul>
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-success/40 bg-success/10 px-4 py-3 text-sm">
      <p className="flex items-start gap-3">
        <CheckCircle2
          className="mt-0.5 size-5 shrink-0 text-success-strong"
          role="img"
          aria-label="Verified"
        />
        <span>Reserves on the chain: {btcText(BigInt(reserves.total))}</span>
      </p>
      <p className="text-muted-foreground">
        {reserves.coinCount} coins signed for this epoch at block{" "}
        {groupedDigits(BigInt(reserves.blockHeight))}, covering the liabilities. That each was unspent at that
        block is checked against the chain with <code>npx satsbank-verify proof --chain</code>.
      </p>
    </div>
  );
}
