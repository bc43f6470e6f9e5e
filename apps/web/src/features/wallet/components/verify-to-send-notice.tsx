import { sendErrors } from "@satsbank/shared";
import { ShieldAlert } from "lucide-react";
import { Link } from "react-router";
import { WarningNotice } from "@/components/warning-notice";
import { paths } from "@/lib/paths";

/** Where the notice leads, and its words. */
export interface VerifyLink {
  to: string;
  label: string;
}

const START: VerifyLink = { to: paths.kyc.intro, label: "Start Verification" };

/**
 * Shown instead of a usable send form until the customer's identity and address are verified. The link
 * goes back into the verification where it stopped, when the screen knows (the introduction otherwise).
 */
export function VerifyToSendNotice({ link = START }: { link?: VerifyLink | undefined }) {
  return (
    <WarningNotice role="status" icon={ShieldAlert}>
      <p className="font-medium">{sendErrors.notVerified.text}</p>
      <Link to={link.to} className="font-semibold text-brand underline-offset-4 hover:underline">
        {link.label}
      </Link>
    </WarningNotice>
  );
}
