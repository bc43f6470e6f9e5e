import type { SessionUser } from "@satsbank/shared";
import { safeNextPath } from "@/lib/next-path";
import { isPathWithin, paths } from "@/lib/paths";

/** Where a person lands without a usable `next`: staff on their dashboard, customers on theirs. */
export function homePathFor(user: Pick<SessionUser, "role">): string {
  return user.role === "admin" ? paths.admin : paths.dashboard;
}

/**
 * After signing in: the page first asked for (`?next=`) when it is a safe internal path that this
 * person may open (staff stay in /admin, customers stay out of it), otherwise their home page.
 */
export function landingPathFor(user: Pick<SessionUser, "role">, rawNext: string | null): string {
  const next = safeNextPath(rawNext);
  if (!next) return homePathFor(user);
  const pathname = next.split(/[?#]/, 1)[0] ?? next;
  const isStaffPage = isPathWithin(pathname, paths.admin);
  return isStaffPage === (user.role === "admin") ? next : homePathFor(user);
}
