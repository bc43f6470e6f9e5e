import { isNotificationAlerted, notificationKindSchema, notificationTypeOfKind } from "@satsbank/shared";
import { describe, expect, it } from "vitest";
import { DEFAULT_NOTIFICATION_SETTINGS, isNotificationEmailed } from "./notification-rules.js";

const allOn = { transactionAlerts: true, securityAlerts: true, emailNotifications: true };
const transactionOnly = { ...DEFAULT_NOTIFICATION_SETTINGS, transactionAlerts: true };
const securityOnly = { ...DEFAULT_NOTIFICATION_SETTINGS, securityAlerts: true };
const emailOnly = { ...DEFAULT_NOTIFICATION_SETTINGS, emailNotifications: true };

describe("isNotificationAlerted", () => {
  it("alerts, with every switch off, only the protective notices, KYC, staff messages, account status, support replies and the watchdog's alert", () => {
    const alerted = notificationKindSchema.options.filter((kind) =>
      isNotificationAlerted(kind, DEFAULT_NOTIFICATION_SETTINGS),
    );
    expect(alerted).toEqual([
      "verification",
      "suspicious_sign_in",
      "password_changed",
      "two_factor_disabled",
      "staff_message",
      "account_deactivated",
      "account_reactivated",
      "support_reply",
      "withdrawal_held",
      "withdrawal_rejected",
      "deposit_on_hold",
      "deposit_released",
      "deposit_reversed",
      "solvency_alert",
      "recovery_code_used",
      "recovery_codes_regenerated",
      "passkey_added",
      "passkey_removed",
      "passkey_approval_changed",
      "passkey_flagged",
    ]);
  });

  it("alerts every kind with every switch on", () => {
    for (const kind of notificationKindSchema.options) expect(isNotificationAlerted(kind, allOn)).toBe(true);
  });

  it("follows Transaction Alerts for every transaction kind that is not protective, and Security Alerts for two-factor turned on and a passkey renamed", () => {
    const transactionKinds = notificationKindSchema.options.filter(
      (kind) =>
        notificationTypeOfKind[kind] === "transaction" &&
        !isNotificationAlerted(kind, DEFAULT_NOTIFICATION_SETTINGS),
    );
    // Named, so the loop below cannot pass by checking no kind at all.
    expect(transactionKinds).toEqual([
      "money_received",
      "money_sent",
      "withdrawal_failed",
      "withdrawal_review",
      "withdrawal_cancelled",
      "withdrawal_confirmed",
    ]);
    for (const kind of transactionKinds) {
      expect(isNotificationAlerted(kind, transactionOnly), kind).toBe(true);
      expect(isNotificationAlerted(kind, securityOnly), kind).toBe(false);
    }
    expect(isNotificationAlerted("two_factor_enabled", securityOnly)).toBe(true);
    expect(isNotificationAlerted("two_factor_enabled", transactionOnly)).toBe(false);
    // A passkey renamed changes nothing of how the account is reached: Security Alerts decide.
    expect(isNotificationAlerted("passkey_renamed", securityOnly)).toBe(true);
    expect(isNotificationAlerted("passkey_renamed", transactionOnly)).toBe(false);
  });
});

describe("isNotificationEmailed", () => {
  it("emails money held or taken back, the watchdog's alert and a blocked passkey whatever the switches say", () => {
    const emailed = notificationKindSchema.options.filter((kind) =>
      isNotificationEmailed(kind, DEFAULT_NOTIFICATION_SETTINGS),
    );
    expect(emailed).toEqual([
      "withdrawal_held",
      "withdrawal_rejected",
      "deposit_on_hold",
      "deposit_reversed",
      "solvency_alert",
      "passkey_flagged",
    ]);
    for (const kind of notificationKindSchema.options)
      expect(isNotificationEmailed(kind, allOn), kind).toBe(true);
  });

  it("emails, with Email Notifications on, only what alerts: money moved needs Transaction Alerts too", () => {
    expect(isNotificationEmailed("money_received", emailOnly)).toBe(false);
    expect(isNotificationEmailed("withdrawal_confirmed", emailOnly)).toBe(false);
    expect(isNotificationEmailed("two_factor_enabled", emailOnly)).toBe(false);
    expect(isNotificationEmailed("money_received", { ...emailOnly, transactionAlerts: true })).toBe(true);
    expect(isNotificationEmailed("two_factor_enabled", { ...emailOnly, securityAlerts: true })).toBe(true);
    // Protective, KYC and system notices alert whatever the switches say: Email Notifications mails them.
    for (const kind of ["suspicious_sign_in", "password_changed", "verification", "staff_message"] as const)
      expect(isNotificationEmailed(kind, emailOnly), kind).toBe(true);
  });
});
