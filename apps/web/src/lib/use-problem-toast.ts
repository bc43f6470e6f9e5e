import { useCallback, useEffect, useRef } from "react";
import { notify, type ToastId } from "@/lib/notify";

/**
 * A form's problem toast (destructive), remembered with the field it is about. It goes as soon as that
 * field is fixed or the form moves on (the send review opens, the screen is left), instead of covering the
 * next step for its full 4 s; a new problem replaces it. `field` is null for a problem of no one field.
 * The send form and the KYC steps use it.
 */
export function useProblemToast<Field extends string>() {
  const shown = useRef<{ field: Field | null; id: ToastId } | null>(null);

  /** Dismisses the toast: any, or only the one about `field`. */
  const dismiss = useCallback((field?: Field) => {
    const current = shown.current;
    if (!current || (field !== undefined && current.field !== field)) return;
    notify.dismiss(current.id);
    shown.current = null;
  }, []);

  const show = useCallback(
    (field: Field | null, title: string, text: string) => {
      dismiss();
      shown.current = { field, id: notify.error(title, text) };
    },
    [dismiss],
  );

  useEffect(() => () => dismiss(), [dismiss]);

  return { show, dismiss };
}
