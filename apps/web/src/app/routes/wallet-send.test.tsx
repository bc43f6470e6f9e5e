import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { customer, walletSummary } from "@/test/fixtures";
import { renderRoute } from "@/test/render-route";
import { stubApi } from "@/test/stub-api";

describe("send screen", () => {
  it("has the form and a Back link to the dashboard", async () => {
    stubApi({ user: customer, routes: { "GET /api/wallet": () => walletSummary } });
    renderRoute("/wallet/send");
    expect(await screen.findByRole("heading", { level: 1, name: "Send Bitcoin" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/dashboard");
    expect(await screen.findByLabelText("Recipient")).toBeInTheDocument();
    expect(screen.getByLabelText("Amount (BTC)")).toBeInTheDocument();
    expect(screen.getByLabelText("Note (optional)")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Max" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Continue" })).toBeEnabled();
  });
});
