import type { Books } from "@satsbank/shared";
import { booksBtc } from "./books-checks";
import { DetailsSection, Fact } from "./details-section";
import { FigureCard as Card } from "./figure-card";

/** The hot wallet, reserves against liabilities, and the withdrawals not yet settled. */
export function BooksFigures({ books }: { books: Books }) {
  const { hotWallet, reserves, pendingWithdrawals } = books;
  return (
    <DetailsSection level={2} title="Balances">
      <div className="grid gap-4 md:grid-cols-3">
        <Card title="Hot wallet">
          <Fact term="Balance (ledger)">{booksBtc(hotWallet.ledgerSats)}</Fact>
          <Fact term="Coins available">{booksBtc(hotWallet.coins.availableSats)}</Fact>
          <Fact term="Coins locked by payouts">{booksBtc(hotWallet.coins.lockedSats)}</Fact>
          <Fact term="Coins missing (reorganised out)">{booksBtc(hotWallet.coins.missingSats)}</Fact>
        </Card>
        <Card title="Reserves and liabilities (ledger)">
          <Fact term="Reserves">{booksBtc(reserves.reservesSats)}</Fact>
          <Fact term="Liabilities">{booksBtc(reserves.liabilitiesSats)}</Fact>
          <Fact term="Surplus">
            {booksBtc((BigInt(reserves.reservesSats) - BigInt(reserves.liabilitiesSats)).toString())}
          </Fact>
        </Card>
        <Card title="Pending withdrawals">
          <Fact term="Queued for a payout">
            {`${pendingWithdrawals.queued.count} · ${booksBtc(pendingWithdrawals.queued.sumSats)}`}
          </Fact>
          <Fact term="In a payout, not yet confirmed">
            {`${pendingWithdrawals.sent.count} · ${booksBtc(pendingWithdrawals.sent.sumSats)}`}
          </Fact>
        </Card>
      </div>
    </DetailsSection>
  );
}
