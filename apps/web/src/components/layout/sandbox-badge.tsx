import { useIsSandbox } from "@/lib/api/meta";

/**
 * A thin "Sandbox" banner across the top of every screen while the server runs on the sandbox chain (a
 * test network kept by the server: no bitcoin here is real). Nothing on any other chain. It takes its own
 * place in the page's flow (index.css takes its height off the page's minimum height), so it never covers
 * a heading, a back button or a logo, as the corner badge it replaced did.
 */
export function SandboxBadge() {
  if (!useIsSandbox()) return null;
  // A landmark of its own (complementary, named), so that no content of the page is outside one.
  return (
    <aside
      aria-label="Test network"
      data-sandbox-banner=""
      className="flex h-(--sandbox-banner-height) items-center justify-center overflow-hidden border-b border-amber-700/30 bg-amber-100 px-3 text-xs whitespace-nowrap text-amber-900 select-none dark:border-amber-300/30 dark:bg-amber-950 dark:text-amber-200"
    >
      <span className="truncate">
        <span className="font-semibold">Sandbox</span>: a test network, no bitcoin here is real
      </span>
    </aside>
  );
}
