import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderRoute } from "@/test/render-route";
import { apiError, requestsTo, stubApi } from "@/test/stub-api";

const REFERENCE = "3f2c1b0a-9e8d-4c7b-8a6f-5e4d3c2b1a00";

async function fill(user: ReturnType<typeof userEvent.setup>, email = "rosa@example.com") {
  await user.type(screen.getByLabelText("Full name"), "Rosa Jiménez");
  await user.type(screen.getByLabelText("Email"), email);
  await user.type(screen.getByLabelText("Subject"), "My account was deactivated");
  await user.type(screen.getByLabelText("Message"), "I cannot sign in any more.{Enter}Why?");
  await user.click(screen.getByRole("button", { name: "Send message" }));
}

describe("the public contact form", () => {
  it("opens signed out, sends the message and shows the confirmation", async () => {
    const fetchMock = stubApi({
      routes: {
        "POST /api/support/contact": ({ body }) => ({
          reference: REFERENCE,
          message: `Thank you: we received your message and sent a confirmation to ${(body as { email: string }).email}. We'll answer by email.`,
        }),
      },
    });
    renderRoute("/contact");
    expect(await screen.findByRole("heading", { level: 1, name: "Contact us" })).toBeInTheDocument();
    await fill(userEvent.setup());
    expect(await screen.findByRole("status")).toHaveTextContent(
      `Thank you: we received your message and sent a confirmation to rosa@example.com. We'll answer by email. Reference: ${REFERENCE}`,
    );
    expect(requestsTo(fetchMock, "POST /api/support/contact")).toEqual([
      {
        name: "Rosa Jiménez",
        email: "rosa@example.com",
        subject: "My account was deactivated",
        message: "I cannot sign in any more.\nWhy?",
      },
    ]);
    expect(screen.getByRole("link", { name: "Back to sign in" })).toHaveAttribute("href", "/auth/login");
  });

  it("checks every field with the shared messages before sending, focusing the first", async () => {
    const fetchMock = stubApi();
    renderRoute("/contact");
    await userEvent.setup().click(await screen.findByRole("button", { name: "Send message" }));
    expect(await screen.findByText("Full name is required")).toBeInTheDocument();
    expect(screen.getByText("Email is required")).toBeInTheDocument();
    expect(screen.getByText("Subject is required")).toBeInTheDocument();
    expect(screen.getByText("Message is required")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("Full name")).toHaveFocus());
    expect(requestsTo(fetchMock, "POST /api/support/contact")).toEqual([]);
  });

  it("shows a refusal (too many messages) in the form's alert", async () => {
    stubApi({
      routes: {
        "POST /api/support/contact": () =>
          apiError(429, "RATE_LIMITED", "Too many attempts. Please wait a few minutes and try again."),
      },
    });
    renderRoute("/contact");
    await screen.findByRole("heading", { level: 1, name: "Contact us" });
    await fill(userEvent.setup());
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Too many attempts. Please wait a few minutes and try again.",
    );
  });
});
