import type { SessionUser } from "@satsbank/shared";
import { Card, CardContent } from "@/components/ui/card";

/** Account Details: read-only name, email and phone of the signed-in person. */
export function AccountDetails({ user }: { user: Pick<SessionUser, "name" | "email" | "phone"> }) {
  const rows = [
    { label: "Full Name", value: user.name },
    { label: "Email Address", value: user.email },
    { label: "Phone Number", value: user.phone ?? "Not provided" },
  ];
  return (
    <Card>
      <CardContent>
        <dl className="flex flex-col divide-y">
          {rows.map(({ label, value }) => (
            <div key={label} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="font-medium break-words">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
