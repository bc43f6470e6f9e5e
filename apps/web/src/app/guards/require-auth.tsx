import { Navigate, Outlet } from "react-router";
import { paths } from "@/lib/paths";
import { useSessionGate } from "./use-session-gate";

/** Layout route around the customer screens: signed-out visitors go to sign-in, staff to /admin. */
export function RequireAuth() {
  const { user, gate } = useSessionGate();
  if (gate) return gate;
  if (user.role === "admin") return <Navigate to={paths.admin} replace />;
  return <Outlet />;
}
