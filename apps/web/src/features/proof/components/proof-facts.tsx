import type { EpochProof } from "@satsbank/shared";
import type { ReactNode } from "react";
import { dateTimeText } from "@/lib/date-text";
import { groupedDigits } from "./proof-result";

function Fact({ term, children, mono = false }: { term: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className={mono ? "font-mono text-xs break-all" : "font-medium"}>{children}</dd>
    </div>
  );
}

/** What the bank signed of the epoch and with which key, for the customer to compare elsewhere. */
export function ProofFacts({ proof }: { proof: EpochProof }) {
  const { root, bank } = proof;
  return (
    <dl className="flex flex-col divide-y rounded-xl border bg-card p-4">
      <Fact term="Epoch">{root.epoch}</Fact>
      <Fact term="Balances frozen at">{dateTimeText(new Date(Number(root.time) * 1000).toISOString())}</Fact>
      <Fact term="Block height">{groupedDigits(BigInt(root.blockHeight))}</Fact>
      <Fact term="Block hash" mono>
        {root.blockHash}
      </Fact>
      <Fact term="Ledger position">{groupedDigits(BigInt(root.ledgerPosition))}</Fact>
      <Fact term="Customers in the tree">{groupedDigits(BigInt(root.leafCount))}</Fact>
      <Fact term={`${bank.name}'s public key`} mono>
        {bank.publicKey}
      </Fact>
      <Fact term="Key path (from the bank's wallet seed)" mono>
        {bank.keyPath}
      </Fact>
    </dl>
  );
}
