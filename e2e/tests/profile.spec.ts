import { expect, test } from "@playwright/test";
import { signUp } from "../support/accounts.js";
import { Inbox } from "../support/mailbox.js";
import { moneyAccounts } from "../support/money.js";
import { signInWithEmailCode } from "../support/sign-in.js";

test("Account Details: Edit changes the name and the phone, checks the phone, and keeps them after a reload", async ({
  page,
}) => {
  await signUp(page);
  await page.goto("/profile/account");
  await page.getByRole("button", { name: "Edit" }).click();
  const form = page.getByRole("form", { name: "Edit account details" });
  await form.getByLabel("Full Name").fill("Renamed Person");
  await form.getByLabel("Phone Number").fill("12345");
  await form.getByRole("button", { name: "Save Changes" }).click();
  await expect(form.getByLabel("Phone Number")).toHaveAttribute("aria-invalid", "true");

  await form.getByLabel("Phone Number").fill("+1 555 0199");
  await form.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Profile updated", { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByText("Renamed Person").first()).toBeVisible();
  // Kept as typed, never silently made "+15550199".
  await expect(page.getByText("+1 555 0199", { exact: true })).toBeVisible();
});

test("Help & Support: the support dialog stores the request and mails a confirmation; FAQs open one at a time", async ({
  page,
}) => {
  const customer = moneyAccounts.elodie;
  await signInWithEmailCode(page, customer);
  await page.goto("/profile/help");
  const inbox = await Inbox.open(page.request, customer.email);

  await page.getByRole("button", { name: "Contact Support" }).click();
  const dialog = page.getByRole("dialog", { name: "Contact Support" });
  await expect(dialog.getByLabel("Email")).toBeDisabled();
  await expect(dialog.getByLabel("Email")).toHaveValue(customer.email);
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(dialog.getByLabel("Subject")).toHaveAttribute("aria-invalid", "true");

  const subject = "<b>Card</b> question";
  await dialog.getByLabel("Subject").fill(subject);
  await dialog.getByLabel("Message").fill("How do I send to my own hardware wallet?\nThanks!");
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Support request submitted", { exact: true })).toBeVisible();
  await expect(page.getByText("We'll get back to you as soon as possible", { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // The confirmation quotes what was typed as text (the address is confirmed), never as markup.
  const mail = await inbox.next(
    (message) => (message.subject.includes("support request") ? message : undefined),
    "the support confirmation",
  );
  expect(mail.text).toContain(`Subject: ${subject}`);
  // The form was cleared: opened again, it is empty.
  await page.getByRole("button", { name: "Contact Support" }).click();
  await expect(page.getByRole("dialog", { name: "Contact Support" }).getByLabel("Subject")).toHaveValue("");
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "FAQs" }).click();
  await expect(page.getByRole("heading", { name: "Frequently Asked Questions" })).toBeFocused();
  const send = page.getByRole("button", { name: "How do I send Bitcoin?" });
  const receive = page.getByRole("button", { name: "How do I receive Bitcoin?" });
  await send.click();
  await expect(send).toHaveAttribute("aria-expanded", "true");
  await receive.click();
  await expect(receive).toHaveAttribute("aria-expanded", "true");
  await expect(send).toHaveAttribute("aria-expanded", "false");
  await receive.click();
  await expect(receive).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("button", { name: /\?$/ })).toHaveCount(7);
});
