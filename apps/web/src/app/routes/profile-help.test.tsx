import { type HelpFacts, textMessages } from "@satsbank/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { customer } from "@/test/fixtures";
import { renderRoute } from "@/test/render-route";
import { apiError, requestsTo, type StubApiOptions, stubApi } from "@/test/stub-api";
import { expectToast } from "@/test/toasts";

const facts: HelpFacts = {
  withdrawalFeeSats: "1000",
  dailySendLimitSats: { level1: "10000000", level2: "200000000" },
  confirmations: 3,
};

const created = (body: unknown) => ({
  request: {
    id: "5d0c6a2e-8f1b-4c3d-9e7a-1b2c3d4e5f60",
    ...(body as object),
    email: customer.email,
    status: "open",
    createdAt: "2025-04-17T14:05:00.000Z",
  },
});

async function renderHelp(routes: StubApiOptions["routes"] = {}) {
  const fetchMock = stubApi({
    user: customer,
    routes: { "GET /api/support/facts": () => facts, ...routes },
  });
  const view = renderRoute("/profile/help");
  await screen.findByRole("heading", { level: 1, name: "Help & Support" });
  return { ...view, fetchMock, user: userEvent.setup() };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("button", { name: "Contact Support" }));
  return screen.findByRole("dialog", { name: "Contact Support" });
}

describe("Help & Support: Contact Support", () => {
  it("shows the account's email in a disabled field, a required Subject and a 5-row Message", async () => {
    const { user } = await renderHelp();
    const dialog = await openDialog(user);
    const email = within(dialog).getByLabelText("Email");
    expect(email).toBeDisabled();
    expect(email).toHaveValue("ada@example.com");
    expect(within(dialog).getByLabelText("Subject")).toBeRequired();
    const message = within(dialog).getByLabelText("Message");
    expect(message.tagName).toBe("TEXTAREA");
    expect(message).toHaveAttribute("rows", "5");
    expect(message).toBeRequired();
  });

  it("says what is missing or too short, and sends nothing", async () => {
    const { user, fetchMock } = await renderHelp();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    expect(await within(dialog).findByText("Subject is required")).toBeInTheDocument();
    expect(within(dialog).getByText("Message is required")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Subject")).toHaveAttribute("aria-invalid", "true");
    await user.type(within(dialog).getByLabelText("Subject"), "Hi");
    await user.type(within(dialog).getByLabelText("Message"), "Help me");
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    expect(await within(dialog).findByText("Subject must be at least 3 characters")).toBeInTheDocument();
    expect(within(dialog).getByText("Message must be at least 10 characters")).toBeInTheDocument();
    expect(requestsTo(fetchMock, "POST /api/support/requests")).toEqual([]);
  });

  it("refuses an unpaired surrogate in the subject and the message with the plain-text rule's words", async () => {
    const { user, fetchMock } = await renderHelp();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByLabelText("Subject"));
    await user.paste("My deposit \ud800");
    await user.click(within(dialog).getByLabelText("Message"));
    await user.paste("It has not \udc00 arrived.");
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    expect(await within(dialog).findAllByText(textMessages.unpairedSurrogate)).toHaveLength(2);
    expect(within(dialog).getByLabelText("Subject")).toHaveAttribute("aria-invalid", "true");
    expect(requestsTo(fetchMock, "POST /api/support/requests")).toEqual([]);
  });

  it("submits, shows the toast, closes the dialog and clears the form", async () => {
    const { user, fetchMock } = await renderHelp({
      "POST /api/support/requests": ({ body }) => Response.json(created(body), { status: 201 }),
    });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText("Subject"), "  My deposit ");
    await user.type(within(dialog).getByLabelText("Message"), "It has not arrived.{Enter}Thanks");
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    await expectToast("success", "Support request submitted", "We'll get back to you as soon as possible");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(requestsTo(fetchMock, "POST /api/support/requests")).toEqual([
      { subject: "My deposit", message: "It has not arrived.\nThanks" },
    ]);
    const again = await openDialog(user);
    expect(within(again).getByLabelText("Subject")).toHaveValue("");
    expect(within(again).getByLabelText("Message")).toHaveValue("");
  });

  it("puts the server's field messages on the fields and anything else in an alert, keeping the dialog open", async () => {
    let answer = apiError(400, "VALIDATION_ERROR", "Invalid request", {
      subject: "Use plain text: control characters and text-direction overrides are not allowed",
    });
    const { user } = await renderHelp({ "POST /api/support/requests": () => answer });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText("Subject"), "My deposit");
    await user.type(within(dialog).getByLabelText("Message"), "It has not arrived.");
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    expect(await within(dialog).findByText(/Use plain text/)).toBeInTheDocument();
    answer = apiError(429, "RATE_LIMITED", "Too many attempts. Please wait a few minutes and try again.");
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Too many attempts");
    expect(screen.getByRole("dialog", { name: "Contact Support" })).toBeInTheDocument();
  });
});

describe("Help & Support: FAQs", () => {
  const questions = [
    "How do I send Bitcoin?",
    "How do I receive Bitcoin?",
    "What is KYC verification?",
    "How long do transactions take to confirm?",
    "What are the buying and selling limits?",
    "I forgot my password. What do I do?",
    "How do I enable two-factor authentication?",
  ];

  it("lists the seven questions, all closed", async () => {
    await renderHelp();
    const section = screen.getByRole("region", { name: "Frequently Asked Questions" });
    const triggers = within(section).getAllByRole("button");
    expect(triggers.map((trigger) => trigger.textContent)).toEqual(questions);
    for (const trigger of triggers) expect(trigger).toHaveAttribute("aria-expanded", "false");
    expect(within(section).getAllByRole("heading", { level: 3 })).toHaveLength(7);
  });

  it("opens one answer at a time, and closes the open one again", async () => {
    const { user } = await renderHelp();
    const send = screen.getByRole("button", { name: "How do I send Bitcoin?" });
    const receive = screen.getByRole("button", { name: "How do I receive Bitcoin?" });
    await user.click(send);
    expect(send).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText(/free and instant/)).toBeVisible();
    await user.click(receive);
    expect(receive).toHaveAttribute("aria-expanded", "true");
    expect(send).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByText(/free and instant/)).not.toBeInTheDocument();
    await user.click(receive);
    expect(receive).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByText(/Open Wallet and choose Receive/)).not.toBeInTheDocument();
  });

  it("answers with the bank's own figures: the withdrawal fee, the daily limits, the confirmations", async () => {
    const { user } = await renderHelp();
    await user.click(screen.getByRole("button", { name: "How do I send Bitcoin?" }));
    expect(await screen.findByText(/a network fee of 0\.00001000 BTC/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "What are the buying and selling limits?" }));
    expect(screen.getByText(/there is no buying or selling in the app/)).toBeInTheDocument();
    expect(
      screen.getByText(/up to 0\.10000000 BTC at level 1 .* up to 2\.00000000 BTC at level 2/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "How long do transactions take to confirm?" }));
    expect(screen.getByText(/10 minutes to over an hour/)).toBeInTheDocument();
    expect(screen.getByText(/higher fee is confirmed faster/)).toBeInTheDocument();
    expect(screen.getByText(/credited to your balance after 3 confirmations/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "I forgot my password. What do I do?" }));
    expect(screen.getByText(/valid for 30 minutes/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "How do I enable two-factor authentication?" }));
    expect(screen.getByText(/Go to Profile, Security/)).toBeInTheDocument();
    expect(screen.getByText(/authenticator app/)).toBeInTheDocument();
  });

  describe("the FAQs button", () => {
    afterEach(() => {
      // jsdom has no layout, so no scrollIntoView: the test gives one.
      Reflect.deleteProperty(Element.prototype, "scrollIntoView");
    });

    it("scrolls to the FAQs and moves the focus there", async () => {
      const scrollIntoView = vi.fn();
      Element.prototype.scrollIntoView = scrollIntoView;
      const { user } = await renderHelp();
      await user.click(screen.getByRole("button", { name: "FAQs" }));
      const heading = screen.getByRole("heading", { level: 2, name: "Frequently Asked Questions" });
      expect(scrollIntoView).toHaveBeenCalledTimes(1);
      expect(scrollIntoView.mock.contexts[0]).toBe(heading);
      expect(heading).toHaveFocus();
    });
  });
});
