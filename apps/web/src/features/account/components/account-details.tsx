import type { SessionUser } from "@satsbank/shared";
import { Pencil } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { AccountDetailsForm } from "./account-details-form";

type Person = Pick<SessionUser, "name" | "email" | "phone">;

/** Account Details: name, email and phone of the signed-in person; Edit changes the name and phone. */
export function AccountDetails({ user }: { user: Person }) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  // Back from the form, the focus returns to the button that opened it.
  const stopEditing = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };
  return (
    <Card>
      <CardContent>
        {editing ? (
          <AccountDetailsForm user={user} onDone={stopEditing} />
        ) : (
          <div className="flex flex-col gap-4">
            <DetailsList user={user} />
            <Button
              ref={editButton}
              variant="outline"
              className="self-start"
              onClick={() => setEditing(true)}
            >
              <Pencil aria-hidden="true" />
              Edit
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function DetailsList({ user }: { user: Person }) {
  const rows = [
    { label: "Full Name", value: user.name },
    { label: "Email Address", value: user.email },
    { label: "Phone Number", value: user.phone ?? "Not provided" },
  ];
  return (
    <dl className="flex flex-col divide-y">
      {rows.map(({ label, value }) => (
        <div key={label} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="font-medium break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
