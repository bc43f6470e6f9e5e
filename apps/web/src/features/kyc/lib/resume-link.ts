import { type KycOverview, kycMessages } from "@satsbank/shared";
import { paths } from "@/lib/paths";

/** Where the customer's unfinished verification goes on, and how a reminder says it. */
export interface ResumeLink {
  title: string;
  text: string;
  /** The link's words and target: the step the flow stopped at. */
  label: string;
  to: string;
}

/** The reminder for an unfinished verification (`resume` set), or null once the basic level is verified. */
export function resumeLink(overview: Pick<KycOverview, "resume" | "basic">): ResumeLink | null {
  const step = overview.resume;
  if (step === null) return null;
  if (step === "intro") {
    return {
      title: "Verify your identity",
      text: "Verify your identity and address to start sending Bitcoin.",
      label: "Start Verification",
      to: paths.kyc.intro,
    };
  }
  if (step === "status") {
    if (overview.basic?.status === "rejected") {
      return {
        title: kycMessages.rejected.title,
        text: "We couldn't verify your identity. See why, and try again.",
        label: "View Status",
        to: paths.kyc.status,
      };
    }
    return {
      title: "Verification in progress",
      text: `We're reviewing your documents. ${kycMessages.typicalTime}.`,
      label: "View Status",
      to: paths.kyc.status,
    };
  }
  return {
    title: "Finish verifying your identity",
    text: "Pick up where you left off to start sending Bitcoin.",
    label: "Continue Verification",
    to: paths.kyc[step],
  };
}
