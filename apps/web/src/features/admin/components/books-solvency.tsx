import type { Solvency } from "@satsbank/shared";
import { PauseCircle } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { notify } from "@/lib/notify";
import { useResumePayouts } from "../api/resume-payouts";
import { adminTimeText } from "../lib/admin-time";
import { booksBtc } from "./books-checks";
import { CheckResult } from "./check-result";
import { DetailsSection, Fact } from "./details-section";
import { ReasonDialog } from "./reason-dialog";

const TIME = (at: string) => <time dateTime={at}>{adminTimeText(at)}</time>;

/** Payouts paused: since when, what it means, and Resume payouts (with a reason). */
function PausedNotice({ pausedSince }: { pausedSince: string | null }) {
  const titleId = useId();
  const [approving, setApproving] = useState(false);
  const resume = useResumePayouts(setApproving);
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-xl border border-destructive/40 bg-destructive/10 p-4 text-sm"
    >
      <h3 id={titleId} className="flex items-center gap-2 text-base font-semibold text-destructive">
        <PauseCircle className="size-5 shrink-0" aria-hidden="true" />
        Payouts paused
      </h3>
      <p>
        {pausedSince && (
          <>
            {"Since "}
            {TIME(pausedSince)}
            {". "}
          </>
        )}
        Queued withdrawals wait and new withdrawals are refused; transfers between customers go on. Payouts
        resume by themselves once a check finds no problem.
      </p>
      <div>
        <ReasonDialog
          trigger={<Button variant="destructive">Resume payouts</Button>}
          title="Resume payouts?"
          description="Payouts run again while these problems stand, until a check finds other problems. Resume only when you know why the books and the chain differ and paying out is safe. The reason is kept in the audit log."
          submitLabel="Resume payouts"
          busyLabel="Resuming..."
          send={(reason) => resume.mutateAsync({ reason })}
          onDone={() => notify.success("Payouts resumed", "Queued withdrawals go out with the next payout.")}
          refusedTitle="Payouts not resumed"
          approving={approving}
        />
      </div>
    </section>
  );
}

/** Resumed by hand while the problems stood: who, when and why. */
function ResumedNotice({ resumed }: { resumed: NonNullable<Solvency["resumed"]> }) {
  return (
    <p className="rounded-xl border-l-4 border-brand bg-muted px-4 py-2 text-sm">
      <span className="font-medium">{`Payouts resumed by hand by ${resumed.by.name}`}</span>
      {" · "}
      {TIME(resumed.at)}
      <span className="block break-words">{`Reason: ${resumed.reason}`}</span>
      <span className="block text-muted-foreground">They run until a check finds other problems.</span>
    </p>
  );
}

/**
 * The solvency watchdog's last check: reserves as coins on the chain (hot wallet, cold vault, total)
 * against what the bank owes, its problems, and the pause of payouts with Resume payouts.
 */
export function BooksSolvency({ solvency }: { solvency: Solvency }) {
  const { reserves, problems, checkedAt } = solvency;
  const surplus = (BigInt(reserves.totalSats) - BigInt(solvency.liabilitiesSats)).toString();
  return (
    <DetailsSection level={2} title="Solvency watchdog">
      {solvency.paused && <PausedNotice pausedSince={solvency.pausedSince} />}
      {solvency.resumed && <ResumedNotice resumed={solvency.resumed} />}
      <p className="flex flex-wrap items-center gap-2 text-sm">
        {checkedAt === null ? (
          <span className="text-muted-foreground">Not checked yet</span>
        ) : (
          <>
            <CheckResult ok={solvency.ok} okText="No problems found" failedText="Problems found" />
            <span className="text-muted-foreground">
              {"Last checked "}
              {TIME(checkedAt)}
            </span>
          </>
        )}
      </p>
      <p className="text-sm text-muted-foreground">
        Reserves are the coins the chain shows, never the ledger's idea of them.
      </p>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 rounded-xl border bg-card p-4 sm:grid-cols-3 lg:grid-cols-5">
        <Fact term="Hot wallet">{booksBtc(reserves.hotSats)}</Fact>
        <Fact term="Cold vault">{booksBtc(reserves.vaultSats)}</Fact>
        <Fact term="Total reserves">
          <span className="font-semibold">{booksBtc(reserves.totalSats)}</span>
        </Fact>
        <Fact term="Liabilities">{booksBtc(solvency.liabilitiesSats)}</Fact>
        <Fact term="Reserves less liabilities">{booksBtc(surplus)}</Fact>
      </dl>
      {problems.length > 0 && (
        <div className="flex flex-col gap-2">
          <h3 className="text-base font-semibold">Problems</h3>
          <ul className="flex flex-col gap-2">
            {problems.map((problem) => (
              <li
                key={`${problem.code}:${problem.message}`}
                className="rounded-xl border-l-4 border-destructive bg-muted px-4 py-2 text-sm"
              >
                <span className="block break-words">{problem.message}</span>
                <span className="font-mono text-xs text-muted-foreground">{problem.code}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </DetailsSection>
  );
}
