import { kycMessages } from "@satsbank/shared";
import { notifyManager } from "@tanstack/react-query";
import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { kycSubmission } from "@/test/fixtures";
import { kycServer } from "@/test/kyc-server";
import { renderWithProviders } from "@/test/render";
import { requestsTo, stubApi } from "@/test/stub-api";
import { KycStatus } from "./kyc-status";

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function renderStatus(server: ReturnType<typeof kycServer>, level: "basic" | "enhanced" = "basic") {
  const fetchMock = stubApi({ routes: server.routes });
  const view = renderWithProviders(<KycStatus level={level} />, { path: "/auth/kyc/status" });
  return { ...view, fetchMock, polls: () => requestsTo(fetchMock, "GET /api/kyc").length };
}

const value = () =>
  screen.getByRole("progressbar", { name: "Verification progress" }).getAttribute("aria-valuenow");

describe("KYC status", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // TanStack Query tells the screen of an answer on a 0 ms timer; a fake clock runs one set while it
    // ticks 1 ms later, so the screen would lag an answer behind. Here it tells at once (a microtask):
    // the fake clock drives only the screen's own timers, the bar and the polling.
    notifyManager.setScheduler(queueMicrotask);
  });
  afterEach(() => {
    notifyManager.setScheduler((callback) => setTimeout(callback, 0));
    vi.useRealTimers();
  });

  it("while pending, the bar rises 5 every 500 ms and holds at 95; Back to selfie; the typical time", async () => {
    renderStatus(kycServer({ resume: "status", basic: kycSubmission() }));
    await advance(0);
    expect(screen.getByRole("heading", { name: "Verification in Progress" })).toBeInTheDocument();
    expect(value()).toBe("0");
    await advance(499);
    expect(value()).toBe("0");
    await advance(1);
    expect(value()).toBe("5");
    await advance(1500);
    expect(value()).toBe("20");
    await advance(60_000);
    expect(value()).toBe("95");
    expect(screen.getByText("Verification typically takes 24-48 hours")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to selfie" })).toHaveAttribute("href", "/auth/kyc/selfie");
    expect(screen.queryByRole("link", { name: "Go to Dashboard" })).not.toBeInTheDocument();
  });

  it("asks the server every 2 s while pending: an approval made elsewhere shows Go to Dashboard", async () => {
    const server = kycServer({ resume: "status", basic: kycSubmission() });
    const view = renderStatus(server);
    await advance(0);
    const first = view.polls();
    await advance(2000);
    expect(view.polls()).toBe(first + 1);
    expect(value()).toBe("20");

    server.update({ level: 1, resume: null, basic: kycSubmission({ status: "approved" }) });
    await advance(2000);
    expect(screen.getByRole("heading", { name: "Verification Complete" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute("href", "/dashboard");
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Back to selfie" })).not.toBeInTheDocument();

    // Decided: no more asking.
    const decided = view.polls();
    await advance(10_000);
    expect(view.polls()).toBe(decided);
  });

  it("approved refreshes what the wallet may send", async () => {
    const view = renderStatus(
      kycServer({ level: 1, resume: null, basic: kycSubmission({ status: "approved" }) }),
    );
    const invalidate = vi.spyOn(view.queryClient, "invalidateQueries");
    await advance(0);
    expect(screen.getByRole("link", { name: "Go to Dashboard" })).toBeInTheDocument();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["wallet"] });
  });

  it("rejected says so with the reviewer's reason, and Try Again opens the identity step", async () => {
    const reason = "The passport photo is blurred.";
    renderStatus(kycServer({ resume: "status", basic: kycSubmission({ status: "rejected", reason }) }));
    await advance(0);
    expect(screen.getByRole("heading", { name: "Verification Rejected" })).toBeInTheDocument();
    expect(screen.getByText(kycMessages.rejected.text)).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(screen.queryByText(kycMessages.defaultRejectionReason)).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Try Again" })).toHaveAttribute("href", "/auth/kyc/identity");
    expect(screen.queryByRole("link", { name: "Back to selfie" })).not.toBeInTheDocument();
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
  });

  it("rejected without a reason says the default one", async () => {
    renderStatus(kycServer({ resume: "status", basic: kycSubmission({ status: "rejected", reason: null }) }));
    await advance(0);
    expect(screen.getByText(kycMessages.defaultRejectionReason)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Try Again" })).toHaveAttribute("href", "/auth/kyc/identity");
  });

  it("follows the enhanced submission with ?level=enhanced; Try Again goes back to it", async () => {
    renderStatus(
      kycServer({
        level: 1,
        resume: null,
        basic: kycSubmission({ status: "approved" }),
        enhanced: kycSubmission({ level: "enhanced", status: "rejected" }),
      }),
      "enhanced",
    );
    await advance(0);
    expect(screen.getByRole("heading", { name: "Verification Rejected" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Try Again" })).toHaveAttribute("href", "/auth/kyc/enhanced");
  });

  it("with nothing submitted offers to start", async () => {
    renderStatus(kycServer());
    await advance(0);
    expect(screen.getByRole("heading", { name: "Nothing submitted yet" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Start Verification" })).toHaveAttribute(
      "href",
      "/auth/kyc/intro",
    );
  });
});
