import { sendErrors } from "@satsbank/shared";
import { Link } from "react-router";
import { paths } from "@/lib/paths";

/**
 * Why a deactivated customer cannot sign in, with the way to reach the bank: the public contact form
 * (Help & Support needs a session they no longer have).
 */
export function AccountInactiveNotice({ text = sendErrors.accountInactive.text }: { text?: string }) {
  return (
    <>
      {text}{" "}
      <Link to={paths.contact} className="underline underline-offset-4">
        Contact support
      </Link>
    </>
  );
}
