import { type VaultRefill, vaultRefillStatusLabels } from "@satsbank/shared";
import { Download } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { btcText } from "@/lib/money-text";
import { notify } from "@/lib/notify";
import { useCancelRefill } from "../api/cancel-refill";
import { adminTimeText } from "../lib/admin-time";
import { keysText, signaturesText } from "../lib/vault-text";
import { CopyableText } from "./copyable-text";
import { DetailsSection, Fact } from "./details-section";
import { ReasonDialog } from "./reason-dialog";
import { StatusPill } from "./status-pill";
import { UploadSignaturesDialog } from "./upload-signatures-dialog";

const TONES = {
  awaiting_signatures: "warning",
  broadcast: "neutral",
  confirmed: "success",
  cancelled: "neutral",
  failed: "danger",
} as const satisfies Record<VaultRefill["status"], "warning" | "neutral" | "success" | "danger">;

const TIME = (at: string) => <time dateTime={at}>{adminTimeText(at)}</time>;
const btc = (sats: string) => btcText(BigInt(sats));

/** Each vault coin the refill spends, with its signatures so far: "1 of 2 signatures (key 1)". */
function Signatures({ refill, amount }: { refill: VaultRefill; amount: string }) {
  return (
    <DetailsSection title="Signatures" label={`Signatures of the refill of ${amount}`}>
      <ul className="flex flex-col gap-1.5">
        {refill.inputs.map((input, i) => (
          <li key={`${input.txid}:${input.vout}`} className="text-sm">
            <span className="font-medium">{`Vault coin ${i + 1} (${btc(input.valueSats)}): `}</span>
            {signaturesText(input.signedBy.length)}
            {input.signedBy.length > 0 && (
              <span className="text-muted-foreground">{` · signed by ${keysText(input.signedBy)}`}</span>
            )}
          </li>
        ))}
      </ul>
    </DetailsSection>
  );
}

/** While it waits for signatures: download its PSBT (binary, or base64 text), upload a signed one, cancel. */
function RefillActions({ refill, amount }: { refill: VaultRefill; amount: string }) {
  const cancel = useCancelRefill();
  return (
    <DetailsSection title="Signing" label={`Signing the refill of ${amount}`}>
      <p className="text-sm text-muted-foreground">
        Two key holders sign its PSBT with their own wallets (Sparrow, Bitcoin Core, a hardware wallet).
        Upload each signed PSBT, or one with both signatures.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <a href={refill.psbtUrl} download>
            <Download aria-hidden="true" />
            Download PSBT
            <span className="sr-only">{` of the refill of ${amount}`}</span>
          </a>
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={`${refill.psbtUrl}?format=base64`} download>
            <Download aria-hidden="true" />
            Download as text (base64)
            <span className="sr-only">{` of the refill of ${amount}`}</span>
          </a>
        </Button>
        <UploadSignaturesDialog refillId={refill.id} amount={amount} />
        <ReasonDialog
          trigger={
            <Button variant="ghost" size="sm" className="text-destructive">
              Cancel refill
              <span className="sr-only">{` of ${amount}`}</span>
            </Button>
          }
          title={`Cancel the refill of ${amount}?`}
          description="Its vault coins are free again, and its PSBT no longer takes signatures. The reason is kept in the audit log."
          submitLabel="Cancel refill"
          busyLabel="Cancelling..."
          submitVariant="destructive"
          cancelLabel="Keep it"
          send={(reason) => cancel.mutateAsync({ refillId: refill.id, reason })}
          onDone={() => notify.success("Refill cancelled", "Its vault coins are free again.")}
          refusedTitle="Refill not cancelled"
        />
      </div>
    </DetailsSection>
  );
}

/**
 * One refill from the cold vault to the hot wallet: its amount and status, who started it and why, where
 * it pays, its transaction, each vault coin's signatures, and while it waits for them, what staff can do.
 */
export function VaultRefillCard({ refill }: { refill: VaultRefill }) {
  const titleId = useId();
  const amount = btc(refill.amountSats);
  return (
    <article
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col gap-5 rounded-2xl border bg-card p-4 sm:p-6"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="text-lg font-semibold">
            {`Refill of ${amount}`}
          </h3>
          <p className="text-sm break-words text-muted-foreground">
            {`Started by ${refill.createdBy.name} · `}
            {TIME(refill.createdAt)}
          </p>
        </div>
        <StatusPill tone={TONES[refill.status]}>{vaultRefillStatusLabels[refill.status]}</StatusPill>
      </header>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
        <Fact term="Reason">{refill.reason}</Fact>
        <Fact term="Miner fee">
          <span className="tabular-nums">{btc(refill.minerFeeSats)}</span>
        </Fact>
        <Fact term="To the hot wallet">
          <CopyableText value={refill.hotAddress} noun="address" />
        </Fact>
        <Fact term="Change to the vault">
          {refill.change ? (
            <>
              <span className="block tabular-nums">{btc(refill.change.sats)}</span>
              <CopyableText value={refill.change.address} noun="address" />
            </>
          ) : (
            "None"
          )}
        </Fact>
        <Fact term="Transaction">
          <CopyableText value={refill.txid} noun="txid" />
        </Fact>
        {refill.broadcastAt && <Fact term="Broadcast">{TIME(refill.broadcastAt)}</Fact>}
        {refill.confirmedAt && (
          <Fact term="Confirmed">
            {TIME(refill.confirmedAt)}
            {refill.blockHeight !== null && ` · block ${refill.blockHeight.toLocaleString("en-US")}`}
          </Fact>
        )}
        {refill.failure && <Fact term="Why it failed">{refill.failure}</Fact>}
      </dl>
      <Signatures refill={refill} amount={amount} />
      {refill.status === "awaiting_signatures" && <RefillActions refill={refill} amount={amount} />}
    </article>
  );
}
