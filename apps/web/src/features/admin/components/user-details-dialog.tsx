import type { AdminCustomer } from "@satsbank/shared";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { UserDetails } from "./user-details";

/**
 * The row's "View" button and the "User Details" dialog it opens. The details load when it opens; focus
 * goes into the dialog and back to the button when it closes.
 */
export function UserDetailsDialog({ customer }: { customer: Pick<AdminCustomer, "id" | "name" | "email"> }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          View<span className="sr-only">{` ${customer.name}`}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-6xl gap-6">
        <DialogHeader>
          <DialogTitle>User Details</DialogTitle>
          <DialogDescription>{`${customer.name} · ${customer.email}`}</DialogDescription>
        </DialogHeader>
        {open && <UserDetails userId={customer.id} />}
      </DialogContent>
    </Dialog>
  );
}
