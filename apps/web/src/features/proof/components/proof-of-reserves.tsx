import { Landmark } from "lucide-react";
import { useMemo } from "react";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { Spinner } from "@/components/ui/spinner";
import { isApiError } from "@/lib/api-client";
import { useEpochProof } from "../api/get-epoch-proof";
import { useEpochs } from "../api/get-epochs";
import { useMyLeaf } from "../api/get-my-leaf";
import { checkProof } from "../lib/check-proof";
import { ProofFacts } from "./proof-facts";
import { groupedDigits, ProofResult } from "./proof-result";
import { ReservesResult } from "./reserves-result";

/**
 * The latest epoch's proof, checked in this browser: the bank's signature on the root, the customer's leaf
 * rebuilt from their salt, account and balance, and their path up to the signed root hash and total.
 */
export function ProofOfReserves() {
  const epochs = useEpochs();
  const latest = epochs.data?.epochs[0]?.epoch;
  const proof = useEpochProof(latest);
  const mine = useMyLeaf(latest);
  const check = useMemo(
    () => (proof.data && mine.data ? checkProof(proof.data, mine.data) : undefined),
    [proof.data, mine.data],
  );

  if (epochs.isPending) return <Spinner label="Loading the proof of reserves" />;
  if (epochs.isError) {
    return (
      <LoadError message="The proof of reserves could not be loaded." onRetry={() => epochs.refetch()} />
    );
  }
  if (latest === undefined) {
    return (
      <EmptyState>
        <Landmark className="size-6" aria-hidden="true" />
        No epoch has been published yet. The bank publishes its proof once a day.
      </EmptyState>
    );
  }
  if (proof.isError) {
    return (
      <LoadError message={`Epoch ${latest}'s proof could not be loaded.`} onRetry={() => proof.refetch()} />
    );
  }
  if (mine.isError && !(isApiError(mine.error) && mine.error.code === "NOT_FOUND")) {
    return <LoadError message="Your leaf and path could not be loaded." onRetry={() => mine.refetch()} />;
  }
  if (!proof.data || (mine.isPending && !mine.isError))
    return <Spinner label="Loading the proof of reserves" />;

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="proof-liabilities" className="flex flex-col gap-3">
        <h2 id="proof-liabilities" className="text-lg font-semibold">
          Liabilities
        </h2>
        {check ? (
          <ProofResult check={check} />
        ) : (
          <p role="alert" className="rounded-xl border bg-card px-4 py-3 text-sm">
            Epoch {latest} has no leaf for your account. An account opened after an epoch is built is in the
            next one; if yours was open at block {groupedDigits(BigInt(proof.data.root.blockHeight))}, your
            balance is missing from the proof: contact support.
          </p>
        )}
      </section>
      <section aria-labelledby="proof-reserves" className="flex flex-col gap-3">
        <h2 id="proof-reserves" className="text-lg font-semibold">
          Reserves
        </h2>
        <ReservesResult proof={proof.data} />
      </section>
      <section aria-labelledby="proof-facts" className="flex flex-col gap-3">
        <h2 id="proof-facts" className="text-lg font-semibold">
          What the bank signed
        </h2>
        <ProofFacts proof={proof.data} />
        <p className="text-sm text-muted-foreground">
          Your path shows the sums of {proof.data.depth} neighbouring subtrees: the nearest is one other
          customer's balance, the others are the totals of groups of customers, never who they are. The leaves
          are shuffled anew for each epoch, so your position says nothing about you.
        </p>
      </section>
    </div>
  );
}
