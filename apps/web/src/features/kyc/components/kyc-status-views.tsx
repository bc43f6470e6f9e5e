import { type KycSubmission, kycMessages } from "@satsbank/shared";
import { useQueryClient } from "@tanstack/react-query";
import { CircleCheck, CircleX, Clock } from "lucide-react";
import { type ReactNode, useEffect, useId } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { cn } from "@/lib/cn";
import { paths } from "@/lib/paths";
import { queryKeys } from "@/lib/query-keys";
import { useRisingProgress } from "../lib/use-rising-progress";

// The status screen's four views: pending (the bar), approved, rejected (the reason), nothing submitted.

export type KycLevel = KycSubmission["level"];

interface StatusViewProps {
  tone: "pending" | "approved" | "rejected" | "none";
  title: string;
  children: ReactNode;
}

const ICONS = {
  pending: <Clock className="size-7" />,
  approved: <CircleCheck className="size-7" />,
  rejected: <CircleX className="size-7" />,
  none: <Clock className="size-7" />,
} as const;

const ICON_TONES = {
  pending: "bg-accent text-brand",
  approved: "bg-success/15 text-success-strong",
  rejected: "bg-destructive/10 text-destructive",
  none: "bg-muted text-muted-foreground",
} as const;

function StatusView({ tone, title, children }: StatusViewProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col items-center gap-4 text-center">
      <span
        aria-hidden="true"
        className={cn("flex size-14 items-center justify-center rounded-full", ICON_TONES[tone])}
      >
        {ICONS[tone]}
      </span>
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function Pending({ level }: { level: KycLevel }) {
  const progress = useRisingProgress(true);
  return (
    <StatusView tone="pending" title="Verification in Progress">
      <p className="text-sm text-muted-foreground">We're reviewing your documents.</p>
      <Progress value={progress} aria-label="Verification progress" className="my-2" />
      <p className="text-sm">{kycMessages.typicalTime}</p>
      <Button asChild variant="outline" size="lg" className="w-full">
        {level === "enhanced" ? (
          <Link to={paths.kyc.enhanced}>Back to enhanced verification</Link>
        ) : (
          <Link to={paths.kyc.selfie}>Back to selfie</Link>
        )}
      </Button>
    </StatusView>
  );
}

export function Approved({ level }: { level: KycLevel }) {
  const queryClient = useQueryClient();
  // What the customer may send follows the level: the wallet's summary is out of date now.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.wallet.all });
  }, [queryClient]);
  return (
    <StatusView tone="approved" title="Verification Complete">
      <p className="text-sm text-muted-foreground">
        {level === "enhanced"
          ? "Your enhanced verification is complete: your daily sending limit is raised."
          : "Your identity and address are verified. You can now send Bitcoin."}
      </p>
      <Button asChild size="lg" className="w-full">
        <Link to={paths.dashboard}>Go to Dashboard</Link>
      </Button>
    </StatusView>
  );
}

export function Rejected({ level, reason }: { level: KycLevel; reason: string | null }) {
  return (
    <StatusView tone="rejected" title={kycMessages.rejected.title}>
      <p className="text-sm">{kycMessages.rejected.text}</p>
      <div className="w-full rounded-xl border border-destructive/40 bg-destructive/10 px-4 py-3 text-left text-sm">
        <p className="font-semibold">Reason</p>
        <p className="mt-1">{reason ?? kycMessages.defaultRejectionReason}</p>
      </div>
      <Button asChild size="lg" className="w-full">
        <Link to={level === "enhanced" ? paths.kyc.enhanced : paths.kyc.identity}>Try Again</Link>
      </Button>
    </StatusView>
  );
}

export function NotSubmitted({ level }: { level: KycLevel }) {
  return (
    <StatusView tone="none" title="Nothing submitted yet">
      <p className="text-sm text-muted-foreground">
        Your documents have not been submitted for verification yet.
      </p>
      <Button asChild size="lg" className="w-full">
        <Link to={level === "enhanced" ? paths.kyc.enhanced : paths.kyc.intro}>Start Verification</Link>
      </Button>
    </StatusView>
  );
}
