import { Link2 } from "lucide-react";
import { WarningNotice } from "@/components/warning-notice";
import { sendLinkMessages } from "../lib/send-link";

/**
 * Above a form a payment link filled in: check it before continuing, and each part of the link that was
 * left out and why (nothing is ever guessed from a link).
 */
export function SendLinkNotice({ problems }: { problems: readonly string[] }) {
  return (
    <WarningNotice icon={Link2} role="note">
      <p className="font-medium">{sendLinkMessages.filled}</p>
      {problems.map((problem) => (
        <p key={problem}>{problem}</p>
      ))}
    </WarningNotice>
  );
}
