import { walletProviders } from "@satsbank/shared";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "@/test/render";
import { SignatureStep } from "./signature-step";

const provider = walletProviders[0] as (typeof walletProviders)[number];

describe("the message to sign", () => {
  it("says until when it works in 24-hour time, as the rest of the app writes times (not '06:47 AM')", () => {
    const expiresAt = new Date(2030, 0, 15, 6, 47).toISOString();
    renderWithProviders(
      <SignatureStep
        provider={provider}
        challenge={{
          challengeId: "5d2f8a34-9c1e-4b7a-8f60-1e2d3c4b5a69",
          provider: provider.id,
          address: "bcrt1q9vza2e8x573nczrlzms0wvx3gsqjx7vay85cr9",
          message: "Sign me",
          expiresAt,
        }}
        onConnected={() => {}}
        onBack={() => {}}
      />,
    );
    const until = screen.getByText(/It works once, until/);
    expect(until).toHaveTextContent(/It works once, until 06:47\.$/);
    expect(until).not.toHaveTextContent(/AM|PM/);
    expect(until.querySelector("time")).toHaveAttribute("dateTime", expiresAt);
  });
});
