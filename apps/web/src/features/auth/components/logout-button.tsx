import { DEFAULT_BRAND_NAME } from "@satsbank/shared";
import { useQueryClient } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button, type ButtonProps } from "@/components/ui/button";
import { useBrandName } from "@/lib/api/meta";
import { errorMessage } from "@/lib/form-errors";
import { notify } from "@/lib/notify";
import { paths } from "@/lib/paths";
import { setSessionUser } from "@/lib/session-cache";
import { useLogout } from "../api/logout";

/** "Log Out" and its confirmation. Confirming ends the session on the server and forgets all cached data. */
export function LogoutButton({
  className,
  variant = "ghost",
  size,
}: Pick<ButtonProps, "className" | "variant" | "size">) {
  const brandName = useBrandName() ?? DEFAULT_BRAND_NAME;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const logout = useLogout({
    onSuccess: async () => {
      setOpen(false);
      // Leave the signed-in screens first: clearing the cache under them would make their guard
      // fetch the session again and redirect with a `next` back to where they were.
      await navigate(paths.auth.login);
      queryClient.removeQueries();
      setSessionUser(queryClient, null);
      notify.success("Logged out", "You have been logged out successfully");
    },
    onError: (error) => notify.error("Could not log out", errorMessage(error)),
  });

  function confirm() {
    logout.mutate();
  }

  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button variant={variant} size={size} className={className}>
          <LogOut aria-hidden="true" />
          Log Out
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Log out of {brandName}?</AlertDialogTitle>
          <AlertDialogDescription>
            You'll need to log in again with your credentials to access your account.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={logout.isPending}>Cancel</AlertDialogCancel>
          {/* A plain button, not AlertDialog.Action: the dialog stays open until the server has answered. */}
          <Button variant="destructive" onClick={confirm} disabled={logout.isPending}>
            Log Out
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
