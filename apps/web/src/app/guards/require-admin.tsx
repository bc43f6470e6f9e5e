import { Navigate, Outlet } from "react-router";
import { paths } from "@/lib/paths";
import { useSessionGate } from "./use-session-gate";

/** Layout route around the staff dashboard: signed-out visitors go to sign-in, customers to /dashboard. */
export function RequireAdmin() {
  const { user, gate } = useSessionGate();
  if (gate) return gate;
  if (user.role !== "admin") return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}
