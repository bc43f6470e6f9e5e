import { ArrowDownLeft, ArrowUpRight } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { paths } from "@/lib/paths";

export interface WalletActionsProps {
  /** "Send" on the dashboard, "Send Bitcoin" on the wallet screen. */
  sendLabel: string;
  receiveLabel: string;
  className?: string;
}

/** The two ways to move money: links to the send and receive screens, drawn as buttons. */
export function WalletActions({ sendLabel, receiveLabel, className }: WalletActionsProps) {
  return (
    <div className={cn("grid grid-cols-2 gap-3", className)}>
      <Button asChild size="lg">
        <Link to={paths.wallet.send}>
          <ArrowUpRight aria-hidden="true" />
          {sendLabel}
        </Link>
      </Button>
      <Button asChild size="lg" variant="outline">
        <Link to={paths.wallet.receive}>
          <ArrowDownLeft aria-hidden="true" />
          {receiveLabel}
        </Link>
      </Button>
    </div>
  );
}
