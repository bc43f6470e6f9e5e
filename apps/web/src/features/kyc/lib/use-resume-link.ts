import { useKycOverview } from "../api/get-kyc-overview";
import { type ResumeLink, resumeLink } from "./resume-link";

/** The link back into an unfinished verification, once known (undefined while loading, or if it failed). */
export function useResumeLink({ enabled = true }: { enabled?: boolean } = {}): ResumeLink | null | undefined {
  const overview = useKycOverview({ enabled });
  return overview.data ? resumeLink(overview.data) : undefined;
}
