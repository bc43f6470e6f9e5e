import type { ReactNode } from "react";

/** A titled card of figures (a description list of Facts): the books' balances, the vault's. */
export function FigureCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 rounded-xl border bg-card p-4">
      <h3 className="text-sm font-semibold">{title}</h3>
      <dl className="flex flex-col gap-2">{children}</dl>
    </div>
  );
}
