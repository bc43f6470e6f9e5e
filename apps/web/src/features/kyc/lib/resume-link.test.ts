import type { KycSubmission } from "@satsbank/shared";
import { describe, expect, it } from "vitest";
import { resumeLink } from "./resume-link";

const rejected: KycSubmission = {
  id: "3f1e2d3c-4b5a-4697-8876-5a4b3c2d1e0f",
  level: "basic",
  status: "rejected",
  reason: null,
  submittedAt: "2025-04-15T12:00:00.000Z",
  decidedAt: "2025-04-16T12:00:00.000Z",
};

describe("resumeLink", () => {
  it("links each step where the flow stopped", () => {
    expect(resumeLink({ resume: "intro", basic: null })).toMatchObject({
      label: "Start Verification",
      to: "/auth/kyc/intro",
    });
    for (const step of ["identity", "address", "selfie"] as const) {
      expect(resumeLink({ resume: step, basic: null })).toMatchObject({
        label: "Continue Verification",
        to: `/auth/kyc/${step}`,
      });
    }
    expect(resumeLink({ resume: "status", basic: { ...rejected, status: "pending" } })).toMatchObject({
      title: "Verification in progress",
      to: "/auth/kyc/status",
    });
    expect(resumeLink({ resume: "status", basic: rejected })).toMatchObject({
      title: "Verification Rejected",
      to: "/auth/kyc/status",
    });
  });

  it("has nothing to remind of once verified", () => {
    expect(resumeLink({ resume: null, basic: { ...rejected, status: "approved" } })).toBeNull();
  });
});
