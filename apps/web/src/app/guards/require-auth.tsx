import { lazy, Suspense } from "react";
import { Navigate, Outlet } from "react-router";
import { paths } from "@/lib/paths";
import { useSessionGate } from "./use-session-gate";

// New notifications while the app is open (stream, polling, the money-received toast): loaded after the
// screen, never on its first load's critical path.
const NotificationFeed = lazy(() =>
  import("@/features/notifications/components/notification-feed").then((m) => ({
    default: m.NotificationFeed,
  })),
);

/**
 * Layout route around the customer screens: signed-out visitors go to sign-in, staff to /admin. Signed-in
 * customers hear of new notifications on every screen.
 */
export function RequireAuth() {
  const { user, gate } = useSessionGate();
  if (gate) return gate;
  if (user.role === "admin") return <Navigate to={paths.admin} replace />;
  return (
    <>
      <Outlet />
      <Suspense fallback={null}>
        <NotificationFeed />
      </Suspense>
    </>
  );
}
