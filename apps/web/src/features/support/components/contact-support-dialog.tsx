import { MessageSquare } from "lucide-react";
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
import { ContactSupportForm } from "./contact-support-form";

/** The "Contact Support" button and its dialog. */
export function ContactSupportDialog({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <MessageSquare aria-hidden="true" />
          Contact Support
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Contact Support</DialogTitle>
          <DialogDescription>Tell us what you need: we'll answer by email.</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: closing the dialog forgets whatever was typed. */}
        <ContactSupportForm
          email={email}
          onCancel={() => setOpen(false)}
          onSubmitted={() => setOpen(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
