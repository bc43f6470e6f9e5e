import type { VaultOverview } from "@satsbank/shared";
import { btcText } from "@/lib/money-text";
import { DetailsSection, Fact } from "./details-section";
import { FigureCard } from "./figure-card";

type Configured = Extract<VaultOverview, { configured: true }>;

const btc = (sats: string) => btcText(BigInt(sats));

/** The vault's coins (free, taken by a refill, on their way in) and the hot wallet against its max and target. */
export function VaultBalances({ vault, hotWallet }: Pick<Configured, "vault" | "hotWallet">) {
  const suggested = BigInt(hotWallet.suggestedRefillSats);
  return (
    <DetailsSection level={2} title="Balances">
      <div className="grid gap-4 md:grid-cols-2">
        <FigureCard title="Cold vault">
          <Fact term="Available for a refill">{btc(vault.availableSats)}</Fact>
          <Fact term="Locked by refills">{btc(vault.lockedSats)}</Fact>
          <Fact term="Incoming (sweeps not yet confirmed)">{btc(vault.incomingSats)}</Fact>
          <Fact term="Coins">{vault.coins.toLocaleString("en-US")}</Fact>
        </FigureCard>
        <FigureCard title="Hot wallet">
          <Fact term="Available">{btc(hotWallet.availableSats)}</Fact>
          <Fact term="Locked by payouts">{btc(hotWallet.lockedSats)}</Fact>
          <Fact term="Max (above it, the excess is swept to the vault)">{btc(hotWallet.maxSats)}</Fact>
          <Fact term="Target">{btc(hotWallet.targetSats)}</Fact>
          <Fact term="Refill to reach the target">{suggested > 0n ? btcText(suggested) : "None needed"}</Fact>
        </FigureCard>
      </div>
    </DetailsSection>
  );
}
