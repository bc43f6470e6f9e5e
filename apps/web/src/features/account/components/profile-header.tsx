import type { SessionUser } from "@satsbank/shared";
import { BadgeCheck } from "lucide-react";
import { CopyButton } from "@/components/copy-button";

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => word?.[0]?.toUpperCase() ?? "").join("");
}

type ProfileHeaderProps = {
  user: Pick<SessionUser, "id" | "name" | "username">;
  /** Identity and address verified: the "Verified" badge shows. */
  verified: boolean;
};

/**
 * The profile's header: the person's name, the "Verified" badge once earned, their username (what others
 * send to) and their user ID.
 */
export function ProfileHeader({ user, verified }: ProfileHeaderProps) {
  return (
    <section
      aria-label="Your profile"
      className="flex items-center gap-4 rounded-2xl border bg-card p-4 shadow-sm"
    >
      <span
        aria-hidden="true"
        className="flex size-14 shrink-0 items-center justify-center rounded-full bg-primary/15 text-lg font-bold text-brand"
      >
        {initialsOf(user.name)}
      </span>
      <div className="min-w-0 flex-1">
        {/* A long name wraps onto another line, the badge after it: the header has the room, a cut name
            ("Maximiliana ...") hid what it had room to show. */}
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <p className="min-w-0 text-lg font-semibold leading-tight break-words">{user.name}</p>
          {verified && (
            <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-success/15 px-2 py-0.5 text-xs font-semibold text-success-strong">
              <BadgeCheck aria-hidden="true" className="size-3.5" />
              Verified
            </span>
          )}
        </div>
        <p className="mt-0.5 truncate text-sm font-medium text-muted-foreground">
          <span className="sr-only">Username: </span>@{user.username}
        </p>
        <div className="flex items-center gap-1 text-sm text-muted-foreground">
          <span className="min-w-0 truncate">
            ID: <span className="font-mono text-xs select-all">{user.id}</span>
          </span>
          <CopyButton value={user.id} label="Copy user ID" copiedTitle="User ID copied" />
        </div>
      </div>
    </section>
  );
}
