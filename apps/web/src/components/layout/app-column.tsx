import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/**
 * The mobile-first page column: full width on a phone, a centred 28rem column on larger screens.
 * Layouts put the page's <main> (and navigation) inside it.
 */
export function AppColumn({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn(
        "relative mx-auto flex min-h-dvh w-full max-w-md flex-col bg-background md:border-x md:shadow-xl md:shadow-black/5",
        className,
      )}
      {...props}
    />
  );
}
