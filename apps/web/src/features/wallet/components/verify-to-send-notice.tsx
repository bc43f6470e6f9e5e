import { sendErrors } from "@satsbank/shared";
import { ShieldAlert } from "lucide-react";
import { Link } from "react-router";
import { paths } from "@/lib/paths";

/** Shown instead of a usable send form until the customer's identity and address are verified. */
export function VerifyToSendNotice() {
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-xl border border-warning/40 bg-warning/10 px-4 py-3 text-sm"
    >
      <ShieldAlert className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden="true" />
      <div className="flex flex-col gap-1">
        <p className="font-medium">{sendErrors.notVerified.text}</p>
        <Link to={paths.kyc.intro} className="font-semibold text-brand underline-offset-4 hover:underline">
          Start verification
        </Link>
      </div>
    </div>
  );
}
