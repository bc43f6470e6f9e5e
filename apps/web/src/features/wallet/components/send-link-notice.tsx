import { Link2 } from "lucide-react";
import { WarningNotice } from "@/components/warning-notice";
import { type SendLinkValues, sendLinkMessages } from "../lib/send-link";

/**
 * Above a form a payment link filled in: check it before continuing, and each part of the link that was
 * left out and why (nothing is ever guessed from a link).
 */
export function SendLinkNotice({
  values,
  problems,
}: {
  values: SendLinkValues;
  problems: readonly string[];
}) {
  const filled = Object.keys(values).length > 0;
  return (
    <WarningNotice icon={Link2} role="note">
      <p className="font-medium">{filled ? sendLinkMessages.filled : sendLinkMessages.nothing}</p>
      {problems.map((problem) => (
        <p key={problem}>{problem}</p>
      ))}
    </WarningNotice>
  );
}
