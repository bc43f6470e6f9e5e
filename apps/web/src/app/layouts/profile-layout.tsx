import { NavLink, Outlet } from "react-router";
import { ProfileHeader } from "@/features/account/components/profile-header";
import { useMe } from "@/features/auth/api/get-me";
import { LogoutButton } from "@/features/auth/components/logout-button";
import { useWalletSummary } from "@/features/wallet/api/get-wallet-summary";
import { cn } from "@/lib/cn";
import { paths } from "@/lib/paths";

const SECTIONS = [
  { label: "Account Details", to: paths.profile.account },
  { label: "KYC & Verification", to: paths.profile.kyc },
  { label: "Security", to: paths.profile.security },
  { label: "Wallet Connection", to: paths.profile.wallet },
  { label: "Notification Settings", to: paths.profile.notifications },
  { label: "Help & Support", to: paths.profile.help },
] as const;

const PILL =
  "inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background";

/** /profile/*: the person's header and the profile's section menu (ending in Log Out) around the section. */
export function ProfileLayout() {
  const { data: user } = useMe();
  // Sending needs verified identity and address: the same fact earns the header's badge.
  const { data: wallet } = useWalletSummary();
  return (
    <div className="flex flex-col gap-6">
      {user && <ProfileHeader user={user} verified={wallet?.canSend ?? false} />}
      <nav aria-label="Profile" className="-mx-5 overflow-x-auto px-5 [scrollbar-width:none]">
        <ul className="flex w-max gap-2">
          {SECTIONS.map(({ label, to }) => (
            <li key={to}>
              <NavLink
                to={to}
                className={({ isActive }) =>
                  cn(
                    PILL,
                    isActive
                      ? "border-transparent bg-foreground text-background"
                      : "bg-card text-muted-foreground hover:text-foreground",
                  )
                }
              >
                {label}
              </NavLink>
            </li>
          ))}
          <li>
            <LogoutButton
              className={cn(PILL, "h-9 gap-1.5 bg-card font-medium text-destructive hover:bg-muted")}
            />
          </li>
        </ul>
      </nav>
      <div>
        <Outlet />
      </div>
    </div>
  );
}
