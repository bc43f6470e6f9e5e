import { DEPOSIT_ON_HOLD_TEXT, formatBtc } from "@satsbank/shared";
import type { Notice } from "./notify.js";

// What each event tells the customer: the words in one place. Callers add who and when
// (`notify(tx, { userId, at, ...notices.transferReceived(...) })`) in the event's db transaction.

type Told = Omit<Notice, "userId" | "at">;

const btc = (sats: bigint) => `${formatBtc(sats)} BTC`;

export const notices = {
  transferReceived: ({ amount, from }: { amount: bigint; from: string }): Told => ({
    kind: "money_received",
    status: "success",
    title: "Bitcoin received",
    message: `You received ${btc(amount)} from ${from}.`,
  }),
  transferSent: ({ amount, to }: { amount: bigint; to: string }): Told => ({
    kind: "money_sent",
    status: "success",
    title: "Bitcoin sent",
    message: `You sent ${btc(amount)} to ${to}.`,
  }),
  withdrawalQueued: ({ amount, fee, address }: { amount: bigint; fee: bigint; address: string }): Told => ({
    kind: "money_sent",
    status: "pending",
    title: "Bitcoin sent",
    message: `You sent ${btc(amount)} to ${address} (network fee ${btc(fee)}). It completes once the network confirms it.`,
  }),
  withdrawalFailed: ({ amount, fee, address }: { amount: bigint; fee: bigint; address: string }): Told => ({
    kind: "withdrawal_failed",
    status: "warning",
    title: "Send failed",
    message: `Your send of ${btc(amount)} to ${address} could not be completed. The amount and its network fee (${btc(amount + fee)} in all) are back in your balance.`,
  }),
  depositSeen: ({
    amount,
    address,
    confirmations,
  }: {
    amount: bigint;
    address: string;
    confirmations: number;
  }): Told => ({
    kind: "money_received",
    status: "pending",
    title: "Incoming Bitcoin",
    message: `${btc(amount)} is on its way to your address ${address}. It is added to your balance after ${confirmations} ${confirmations === 1 ? "confirmation" : "confirmations"}.`,
  }),
  depositCredited: ({ amount, address }: { amount: bigint; address: string }): Told => ({
    kind: "money_received",
    status: "success",
    title: "Bitcoin received",
    message: `${btc(amount)} sent to your address ${address} is confirmed and in your balance.`,
  }),
  depositOnHold: ({ amount, held, address }: { amount: bigint; held: bigint; address: string }): Told => ({
    kind: "deposit_on_hold",
    status: "warning",
    title: "Deposit on hold",
    message: `${DEPOSIT_ON_HOLD_TEXT}. ${btc(amount)} sent to your address ${address} is no longer confirmed, so ${btc(held)} of your balance is held until it confirms again.`,
  }),
  depositReleased: ({
    amount,
    address,
    why,
  }: {
    amount: bigint;
    address: string;
    why: "confirmed" | "absorbed";
  }): Told => ({
    kind: "deposit_released",
    status: "success",
    title: "Hold lifted",
    message:
      why === "confirmed"
        ? `${btc(amount)} sent to your address ${address} is confirmed again: the hold is lifted and the amount is in your balance.`
        : `The bank covers the reversed deposit of ${btc(amount)} to your address ${address}: the hold is lifted and the amount is yours.`,
  }),
  depositReversed: ({
    amount,
    taken,
    address,
  }: {
    amount: bigint;
    taken: bigint;
    address: string;
  }): Told => ({
    kind: "deposit_reversed",
    status: "warning",
    title: "Deposit reversed",
    message: `The network reversed your deposit of ${btc(amount)} to your address ${address} and it did not confirm again, so ${btc(taken)} held on your account was taken back.`,
  }),
  solvencyAlert: ({ problems, detail }: { problems: readonly string[]; detail: string }): Told => ({
    kind: "solvency_alert",
    status: "warning",
    title: "Payouts paused: the books need a look",
    message: `The solvency watchdog paused payouts. ${problems.join(" ")} ${detail} Withdrawals wait (transfers between customers go on) until the checks hold again or staff resume payouts on the Books tab.`,
  }),
  suspiciousSignIn: ({
    device,
    location,
    ip,
    newDevice,
    newPlace,
  }: {
    device: string;
    location: string;
    ip: string;
    newDevice: boolean;
    newPlace: boolean;
  }): Told => {
    const what =
      newDevice && newPlace
        ? "a new device and place"
        : newDevice
          ? "a new device"
          : newPlace
            ? "a new place"
            : "a device after several failed attempts";
    return {
      kind: "suspicious_sign_in",
      status: "warning",
      title: newDevice || newPlace ? "New sign-in to your account" : "Sign-in after failed attempts",
      message: `Your account was signed in from ${what}: ${device}, ${location} (IP address ${ip}). If this wasn't you, change your password now.`,
    };
  },
  passwordChanged: (): Told => ({
    kind: "password_changed",
    status: "info",
    title: "Password changed",
    message:
      "The password of your account was changed, and your other sessions were signed out. If this wasn't you, reset your password now.",
  }),
  passwordReset: (): Told => ({
    kind: "password_changed",
    status: "info",
    title: "Password changed",
    message:
      "The password of your account was reset with a link sent to your email, and every session was signed out. If this wasn't you, reset your password now.",
  }),
  twoFactorEnabled: (): Told => ({
    kind: "two_factor_enabled",
    status: "success",
    title: "Two-factor authentication on",
    message: "Signing in now asks for a code from your authenticator app.",
  }),
  twoFactorDisabled: (): Told => ({
    kind: "two_factor_disabled",
    status: "warning",
    title: "Two-factor authentication off",
    message:
      "Signing in no longer asks for a code from your authenticator app; a code by email is sent instead. If this wasn't you, change your password now.",
  }),
  /** Mailed by the sign-in itself (auth/emails.ts), whatever the settings: `mailedSeparately`. */
  recoveryCodeUsed: ({
    device,
    location,
    ip,
    remaining,
  }: {
    device: string;
    location: string;
    ip: string;
    remaining: number;
  }): Told => ({
    kind: "recovery_code_used",
    status: "warning",
    title: "Recovery code used",
    message: `A recovery code signed in to your account from ${device}, ${location} (IP address ${ip}); it cannot be used again. ${remaining === 1 ? "1 recovery code is" : `${remaining} recovery codes are`} left. If this wasn't you, change your password now.`,
    mailedSeparately: true,
  }),
  recoveryCodesRegenerated: (): Told => ({
    kind: "recovery_codes_regenerated",
    status: "info",
    title: "New recovery codes",
    message:
      "New recovery codes were made for your account; the old ones no longer work. If this wasn't you, change your password now.",
  }),
} as const;
