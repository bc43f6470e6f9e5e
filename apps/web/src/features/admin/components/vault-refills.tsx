import type { VaultRefill } from "@satsbank/shared";
import { EmptyState } from "@/components/empty-state";
import { DetailsSection } from "./details-section";
import { StartRefillDialog, type StartRefillDialogProps } from "./start-refill-dialog";
import { VaultRefillCard } from "./vault-refill-card";

/** Refills from the cold vault to the hot wallet, newest first, and Start a refill. */
export function VaultRefills({
  refills,
  ...start
}: StartRefillDialogProps & { refills: readonly VaultRefill[] }) {
  return (
    <DetailsSection level={2} title="Refills" actions={<StartRefillDialog {...start} />}>
      {refills.length === 0 ? (
        <EmptyState>No refills yet</EmptyState>
      ) : (
        <div className="flex flex-col gap-4">
          {refills.map((refill) => (
            <VaultRefillCard key={refill.id} refill={refill} />
          ))}
        </div>
      )}
    </DetailsSection>
  );
}
