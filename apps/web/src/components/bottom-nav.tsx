import { Bell, History, House, type LucideIcon, UserRound, Wallet } from "lucide-react";
import { NavLink } from "react-router";
import { cn } from "@/lib/cn";
import { paths } from "@/lib/paths";

interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** "exact": active on this path only; "section": active on this path and everything under it. */
  match: "exact" | "section";
}

const NAV_ITEMS: readonly NavItem[] = [
  { label: "Home", to: paths.dashboard, icon: House, match: "exact" },
  { label: "Wallet", to: paths.wallet.root, icon: Wallet, match: "exact" },
  { label: "History", to: paths.history, icon: History, match: "exact" },
  { label: "Notifications", to: paths.notifications, icon: Bell, match: "exact" },
  { label: "Profile", to: paths.profile.root, icon: UserRound, match: "section" },
];

/** "9+" above nine: the badge keeps its size; the accessible name says the real count. */
function countText(count: number): string {
  return count > 9 ? "9+" : String(count);
}

/**
 * The main screens' tab bar, as wide as the page column. The active item carries aria-current="page"
 * (set by NavLink). Notifications shows how many are unread ("Notifications (3 unread)").
 */
export function BottomNav({ unreadNotifications = 0 }: { unreadNotifications?: number }) {
  return (
    <nav
      aria-label="Main"
      // Toasts keep clear of it (index.css: --toast-clearance).
      data-bottom-nav=""
      className={cn(
        "fixed inset-x-0 bottom-0 z-40 mx-auto w-full max-w-md border-t bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur supports-[backdrop-filter]:bg-card/85 md:border-x",
        // From 1024px the column is a card: the bar is its last row, held at the window's bottom edge
        // while the card runs past it, and inside the card's rounded corners at its end.
        "lg:sticky lg:max-w-none lg:border-x-0",
      )}
    >
      <ul className="grid grid-cols-5">
        {NAV_ITEMS.map(({ label, to, icon: Icon, match }) => {
          const badge = to === paths.notifications ? unreadNotifications : 0;
          return (
            <li key={to}>
              <NavLink
                to={to}
                end={match === "exact"}
                className={({ isActive }) =>
                  cn(
                    "group flex min-h-16 flex-col items-center justify-center gap-1 px-1 pt-2 pb-1.5 text-[0.6875rem] font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset",
                    isActive ? "font-semibold text-brand" : "text-muted-foreground hover:text-foreground",
                  )
                }
              >
                {({ isActive }) => (
                  <>
                    <span
                      className={cn(
                        "relative flex h-7 w-12 items-center justify-center rounded-full transition-colors",
                        isActive ? "bg-primary/15" : "group-hover:bg-muted",
                      )}
                      aria-hidden="true"
                    >
                      <Icon className="size-5" strokeWidth={isActive ? 2.4 : 2} />
                      {badge > 0 && (
                        <span className="absolute -top-1 right-1 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-destructive px-1 text-[0.625rem] leading-none font-bold text-destructive-foreground">
                          {countText(badge)}
                        </span>
                      )}
                    </span>
                    <span>
                      {label}
                      {/* Read after the visible label, so the name starts with what is seen (WCAG 2.5.3). */}
                      {badge > 0 && <span className="sr-only">{` (${badge} unread)`}</span>}
                    </span>
                  </>
                )}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
