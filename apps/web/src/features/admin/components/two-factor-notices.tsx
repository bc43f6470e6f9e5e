import { staffAccessErrors } from "@satsbank/shared";
import { ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";

/**
 * Production: staff without an authenticator app may not use the dashboard. The server refuses every staff
 * endpoint (reason `enrolTwoFactor`) until they enrol one; `children` is the enrolment.
 */
export function EnrolTwoFactorRequired({ children }: { children: ReactNode }) {
  return (
    <section
      aria-labelledby="enrol-two-factor-title"
      className="flex max-w-xl flex-col items-start gap-4 rounded-2xl border bg-card p-6"
    >
      <span
        className="flex size-11 items-center justify-center rounded-full bg-accent text-brand"
        aria-hidden="true"
      >
        <ShieldAlert className="size-5" />
      </span>
      <h2 id="enrol-two-factor-title" className="text-xl font-semibold">
        {staffAccessErrors.enrolTwoFactor.title}
      </h2>
      <p className="text-sm">
        Staff must sign in with an authenticator app. Set one up now: scan the QR code with an app such as
        Google Authenticator, 1Password or Aegis, then enter the 6-digit code it shows. The dashboard opens as
        soon as the code is confirmed, and from then on sign-in asks for a code from the app.
      </p>
      {children}
    </section>
  );
}

/**
 * Outside production the dashboard opens without an authenticator app and only warns: production would
 * refuse this account until it enrols one.
 */
export function TwoFactorWarning({ children }: { children: ReactNode }) {
  return (
    <div
      role="note"
      aria-label="Two-factor authentication is off"
      className="flex flex-col gap-3 rounded-xl border border-warning/50 bg-warning/10 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2 text-sm">
        <ShieldAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
        <span>
          <span className="font-semibold">Two-factor authentication is off.</span> In production this account
          could not open the dashboard: staff must use an authenticator app.
        </span>
      </p>
      <div className="shrink-0">{children}</div>
    </div>
  );
}
