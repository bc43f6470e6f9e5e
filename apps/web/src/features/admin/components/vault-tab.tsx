import { vaultTexts } from "@satsbank/shared";
import { RefreshCw } from "lucide-react";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useVault } from "../api/get-vault";
import { VaultBalances } from "./vault-balances";
import { VaultDescriptor } from "./vault-descriptor";
import { VaultRefills } from "./vault-refills";
import { VaultSweeps } from "./vault-sweeps";

/**
 * Vault: the cold vault (a 2-of-3 multisig whose keys the server never holds) and the hot wallet against its
 * max and target; refills (started here, signed offline by two key holders, uploaded, broadcast) and the
 * automatic sweeps; the descriptor and its keys. Without a vault configured, it says so.
 */
export function VaultTab() {
  const vault = useVault();
  if (vault.isPending) return <Spinner label="Loading the vault" />;
  if (vault.isError) {
    return <LoadError message="The vault could not be loaded." onRetry={() => void vault.refetch()} />;
  }
  const data = vault.data;
  if (!data.configured) {
    return (
      <EmptyState>
        <span className="font-medium text-foreground">{vaultTexts.notConfigured}</span>
        <span>Every coin stays in the hot wallet: no sweeps, no refills.</span>
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-6" aria-busy={vault.isFetching || undefined}>
      <div className="flex justify-end">
        <Button variant="outline" size="sm" onClick={() => void vault.refetch()} disabled={vault.isFetching}>
          <RefreshCw aria-hidden="true" />
          {vault.isFetching ? "Refreshing..." : "Refresh"}
        </Button>
      </div>
      <VaultBalances vault={data.vault} hotWallet={data.hotWallet} />
      <VaultRefills
        refills={data.refills}
        availableSats={data.vault.availableSats}
        suggestedSats={data.hotWallet.suggestedRefillSats}
      />
      <VaultSweeps sweeps={data.sweeps} />
      <VaultDescriptor descriptor={data.descriptor} keys={data.keys} />
    </div>
  );
}
