import { ShieldAlert } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { WarningNotice } from "@/components/warning-notice";
import { useResumeLink } from "../lib/use-resume-link";

/**
 * The dashboard's reminder while the customer's verification is unfinished: what is left, and a link
 * back into the flow where it stopped. Nothing once verified, nor while (or if) the overview fails to load:
 * a reminder is not worth an error on the dashboard.
 */
export function KycReminder() {
  const titleId = useId();
  const link = useResumeLink();
  if (!link) return null;
  return (
    <WarningNotice as="section" aria-labelledby={titleId} icon={ShieldAlert}>
      <h2 id={titleId} className="font-semibold">
        {link.title}
      </h2>
      <p>{link.text}</p>
      <Link
        to={link.to}
        className="self-start font-semibold text-brand underline-offset-4 outline-none hover:underline focus-visible:underline"
      >
        {link.label}
      </Link>
    </WarningNotice>
  );
}
