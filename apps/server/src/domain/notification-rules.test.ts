import { notificationKindSchema, notificationTypeOfKind } from "@satsbank/shared";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  isNotificationEmailed,
  isNotificationMade,
} from "./notification-rules.js";

const allOn = { transactionAlerts: true, securityAlerts: true, emailNotifications: true };

describe("isNotificationMade", () => {
  it("makes, with every switch off, only the protective notices, KYC, staff messages, account status, support replies and the watchdog's alert", () => {
    const made = notificationKindSchema.options.filter((kind) =>
      isNotificationMade(kind, DEFAULT_NOTIFICATION_SETTINGS),
    );
    expect(made).toEqual([
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
    ]);
  });

  it("makes every kind with every switch on", () => {
    for (const kind of notificationKindSchema.options) expect(isNotificationMade(kind, allOn)).toBe(true);
  });

  it("follows Transaction Alerts for every transaction kind that is not protective, and Security Alerts for two-factor turned on", () => {
    const transactionOnly = { ...DEFAULT_NOTIFICATION_SETTINGS, transactionAlerts: true };
    const securityOnly = { ...DEFAULT_NOTIFICATION_SETTINGS, securityAlerts: true };
    const transactionKinds = notificationKindSchema.options.filter(
      (kind) =>
        notificationTypeOfKind[kind] === "transaction" &&
        !isNotificationMade(kind, DEFAULT_NOTIFICATION_SETTINGS),
    );
    // Named, so the loop below cannot pass by checking no kind at all.
    expect(transactionKinds).toEqual([
      "money_received",
      "money_sent",
      "withdrawal_failed",
      "withdrawal_review",
      "withdrawal_cancelled",
    ]);
    for (const kind of transactionKinds) {
      expect(isNotificationMade(kind, transactionOnly), kind).toBe(true);
      expect(isNotificationMade(kind, securityOnly), kind).toBe(false);
    }
    expect(isNotificationMade("two_factor_enabled", securityOnly)).toBe(true);
    expect(isNotificationMade("two_factor_enabled", transactionOnly)).toBe(false);
  });

  it("does not email by itself: Email Notifications alone makes nothing more", () => {
    const emailOnly = { ...DEFAULT_NOTIFICATION_SETTINGS, emailNotifications: true };
    for (const kind of notificationKindSchema.options)
      expect(isNotificationMade(kind, emailOnly)).toBe(
        isNotificationMade(kind, DEFAULT_NOTIFICATION_SETTINGS),
      );
  });
});

describe("isNotificationEmailed", () => {
  it("emails money held or taken back and the watchdog's alert whatever the switch says; the rest as Email Notifications says", () => {
    const emailed = notificationKindSchema.options.filter((kind) =>
      isNotificationEmailed(kind, DEFAULT_NOTIFICATION_SETTINGS),
    );
    expect(emailed).toEqual([
      "withdrawal_held",
      "withdrawal_rejected",
      "deposit_on_hold",
      "deposit_reversed",
      "solvency_alert",
    ]);
    const emailOn = { ...DEFAULT_NOTIFICATION_SETTINGS, emailNotifications: true };
    for (const kind of notificationKindSchema.options)
      expect(isNotificationEmailed(kind, emailOn), kind).toBe(true);
  });
});
