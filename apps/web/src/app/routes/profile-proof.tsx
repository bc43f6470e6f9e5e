import { PageHeader } from "@/components/layout/page-header";
import { ProofOfReserves } from "@/features/proof/components/proof-of-reserves";

/**
 * Screen: profile: proof of reserves (issue 23). Its code and the verifier's (@satsbank/verify, @noble)
 * are a chunk of their own, loaded with this route only.
 */
export function ProfileProofScreen() {
  return (
    <>
      <PageHeader title="Proof of Reserves" />
      <div className="flex flex-col gap-5">
        <p className="text-sm text-muted-foreground">
          Check for yourself that your balance is counted in what the bank owes. Your browser checks the
          bank's signed proof; it never asks the bank whether the proof is valid.
        </p>
        <ProofOfReserves />
      </div>
    </>
  );
}
