import {
  Bell,
  IdCard,
  Landmark,
  LifeBuoy,
  LockKeyhole,
  type LucideIcon,
  PlugZap,
  UserRound,
} from "lucide-react";
import { NavLink } from "react-router";
import { LogoutButton } from "@/features/auth/components/logout-button";
import { cn } from "@/lib/cn";
import { paths } from "@/lib/paths";

interface ProfileSection {
  label: string;
  to: string;
  icon: LucideIcon;
}

/** The specification's entries, in its order, then Proof of Reserves; Log Out follows them. */
const PROFILE_SECTIONS: readonly ProfileSection[] = [
  { label: "Account Details", to: paths.profile.account, icon: UserRound },
  { label: "KYC & Verification", to: paths.profile.kyc, icon: IdCard },
  { label: "Security", to: paths.profile.security, icon: LockKeyhole },
  { label: "Wallet Connection", to: paths.profile.wallet, icon: PlugZap },
  { label: "Notification Settings", to: paths.profile.notifications, icon: Bell },
  { label: "Help & Support", to: paths.profile.help, icon: LifeBuoy },
  // Issue 23, beyond the specification's list: the customer's own check of the bank's proof of reserves.
  { label: "Proof of Reserves", to: paths.profile.proof, icon: Landmark },
];

const ENTRY =
  "flex h-auto min-h-12 w-full items-center justify-start gap-2.5 rounded-xl border px-3 py-2 text-left text-sm leading-snug font-medium whitespace-normal shadow-xs outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background";

/**
 * The profile's menu: every entry on screen at once, two to a row, so none hides off to the side and
 * the current one (aria-current="page", set by NavLink) is always in view. Log Out closes it, full width.
 */
export function ProfileMenu() {
  return (
    <nav aria-label="Profile">
      <ul className="grid grid-cols-2 gap-2">
        {PROFILE_SECTIONS.map(({ label, to, icon: Icon }) => (
          <li key={to} className="flex">
            <NavLink
              to={to}
              className={({ isActive }) =>
                cn(
                  ENTRY,
                  isActive
                    ? "border-brand bg-accent text-foreground"
                    : "bg-card text-foreground hover:bg-muted",
                )
              }
            >
              {({ isActive }) => (
                <>
                  <Icon
                    aria-hidden="true"
                    className={cn("size-4.5 shrink-0", isActive ? "text-brand" : "text-muted-foreground")}
                    strokeWidth={isActive ? 2.4 : 2}
                  />
                  <span className="min-w-0">{label}</span>
                </>
              )}
            </NavLink>
          </li>
        ))}
        <li className="col-span-2 flex">
          <LogoutButton
            variant="outline"
            className={cn(ENTRY, "justify-center bg-card text-destructive hover:bg-destructive/10")}
          />
        </li>
      </ul>
    </nav>
  );
}
