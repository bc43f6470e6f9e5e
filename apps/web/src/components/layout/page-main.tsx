import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { MAIN_CONTENT_ID } from "./skip-link";

/** The page's one <main> landmark, the skip link's target. */
export function PageMain({ className, ...props }: ComponentProps<"main">) {
  return (
    <main
      id={MAIN_CONTENT_ID}
      tabIndex={-1}
      className={cn("flex flex-1 flex-col px-5 py-6 outline-none", className)}
      {...props}
    />
  );
}
