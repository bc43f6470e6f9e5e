import { useState } from "react";
import { CloseDialogFooter } from "@/components/close-dialog-footer";
import { FormAlert } from "@/components/form-alert";
import { LoginHistoryTable } from "@/components/login-history/login-history-table";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/form-errors";
import { useLoginHistory } from "../api/get-login-history";
import { LoginHistoryList } from "./login-history-list";

/** The "View" button of Security Settings and the "Login History" dialog it opens. */
export function LoginHistoryDialog() {
  const [open, setOpen] = useState(false);
  const history = useLoginHistory({ enabled: open });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label="View Login History">
          View
        </Button>
      </DialogTrigger>
      <DialogContent className="md:max-w-3xl" showCloseButton={false}>
        <DialogHeader>
          <DialogTitle>Login History</DialogTitle>
          <DialogDescription>Review your recent account login activity.</DialogDescription>
        </DialogHeader>
        {history.isPending ? (
          <Spinner label="Loading login history" />
        ) : history.isError ? (
          <FormAlert>{errorMessage(history.error)}</FormAlert>
        ) : history.data.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No login activity yet.</p>
        ) : (
          // Both are rendered; CSS shows the one that fits (display: none hides the other from everyone).
          <>
            <div className="md:hidden">
              <LoginHistoryList entries={history.data} />
            </div>
            <div className="hidden md:block">
              <LoginHistoryTable entries={history.data} />
            </div>
          </>
        )}
        <CloseDialogFooter />
      </DialogContent>
    </Dialog>
  );
}
