import { NavLink, Outlet } from "react-router";
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

/** /profile/*: the profile's section menu around the chosen section. */
export function ProfileLayout() {
  return (
    <div className="flex flex-col gap-6">
      <nav aria-label="Profile" className="-mx-5 overflow-x-auto px-5 [scrollbar-width:none]">
        <ul className="flex w-max gap-2">
          {SECTIONS.map(({ label, to }) => (
            <li key={to}>
              <NavLink
                to={to}
                className={({ isActive }) =>
                  cn(
                    "inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
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
        </ul>
      </nav>
      <div>
        <Outlet />
      </div>
    </div>
  );
}
