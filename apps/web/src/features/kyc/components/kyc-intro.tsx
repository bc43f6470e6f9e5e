import { kycMessages } from "@satsbank/shared";
import { House, IdCard, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { IconCircle } from "@/components/icon-circle";
import { Button } from "@/components/ui/button";
import { paths } from "@/lib/paths";

function IntroItem({ icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <li className="flex items-start gap-4 rounded-2xl border bg-card p-4 shadow-xs">
      <IconCircle icon={icon} />
      <div className="min-w-0">
        <h2 className="text-sm font-semibold">{title}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{children}</p>
      </div>
    </li>
  );
}

/**
 * The KYC introduction: what identity verification and address verification ask for, and Start
 * Verification, which opens the identity step. `note` adds a line (the enhanced screen before the basic
 * level is done).
 */
export function KycIntro({ note }: { note?: string }) {
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted-foreground">
        To keep your account safe and to let you send Bitcoin, we need to confirm who you are and where you
        live.
      </p>
      <ul className="flex flex-col gap-3">
        <IntroItem icon={IdCard} title="Identity Verification">
          A photo of your passport, driver's license or national ID card, and a selfie so we can match you to
          it.
        </IntroItem>
        <IntroItem icon={House} title="Address Verification">
          A utility bill, bank statement or official letter with your name and address, dated within the last
          3 months.
        </IntroItem>
      </ul>
      {note && <p className="text-sm font-medium">{note}</p>}
      <p className="text-sm text-muted-foreground">{`${kycMessages.typicalTime} once you submit.`}</p>
      <Button asChild size="lg">
        <Link to={paths.kyc.identity}>Start Verification</Link>
      </Button>
    </div>
  );
}
