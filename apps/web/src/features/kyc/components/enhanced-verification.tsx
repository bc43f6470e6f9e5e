import type { KycOverview } from "@satsbank/shared";
import { ShieldCheck } from "lucide-react";
import { type Ref, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { IconCircle } from "@/components/icon-circle";
import { Button } from "@/components/ui/button";
import { kycStatusPath, paths } from "@/lib/paths";
import { KycIntro } from "./kyc-intro";
import { SourceOfFundsStep } from "./source-of-funds-step";

function EnhancedIntro({ onStart, startRef }: { onStart: () => void; startRef: Ref<HTMLButtonElement> }) {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex items-start gap-4 rounded-2xl border bg-card p-4 shadow-xs">
        <IconCircle icon={ShieldCheck} />
        <div className="min-w-0">
          <h2 className="text-sm font-semibold">Enhanced Verification</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Raise your daily sending limit: tell us where your funds come from and upload a document that
            shows it.
          </p>
        </div>
      </div>
      <Button ref={startRef} size="lg" onClick={onStart}>
        Start Verification
      </Button>
    </div>
  );
}

/**
 * /auth/kyc/enhanced: the introduction again, for the enhanced level. Before the basic level is verified
 * it is the basic introduction; after, Start Verification opens the source-of-funds step on this screen
 * (at once when a supporting document is already uploaded). A pending or granted enhanced level says so.
 */
export function EnhancedVerification({ overview }: { overview: KycOverview }) {
  const [started, setStarted] = useState(overview.drafts.source_of_funds !== null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    // Start and Back swap this screen's content: the focus follows, to the step's heading or back to Start.
    if (!moved.current) return;
    moved.current = false;
    (started ? stepHeading.current : startButton.current)?.focus();
  }, [started]);

  function go(next: boolean) {
    moved.current = true;
    setStarted(next);
  }

  if (overview.level === 0) {
    return <KycIntro note="Enhanced verification comes after identity and address verification." />;
  }
  if (overview.level === 2) {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-sm">Your enhanced verification is complete.</p>
        <Button asChild size="lg">
          <Link to={paths.dashboard}>Go to Dashboard</Link>
        </Button>
      </div>
    );
  }
  if (overview.enhanced?.status === "pending") {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-sm">Your enhanced verification is being reviewed.</p>
        <Button asChild size="lg">
          <Link to={kycStatusPath("enhanced")}>View Status</Link>
        </Button>
      </div>
    );
  }
  if (!started) return <EnhancedIntro onStart={() => go(true)} startRef={startButton} />;
  return (
    <div className="flex flex-col gap-4">
      <h2 ref={stepHeading} tabIndex={-1} className="text-lg font-semibold outline-none">
        Source of Funds
      </h2>
      <SourceOfFundsStep overview={overview} onBack={() => go(false)} />
    </div>
  );
}
