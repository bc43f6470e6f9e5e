import { toast } from "sonner";

/**
 * The one way to show a toast. Titles and descriptions are the specification's words, e.g.
 * `notify.success("Logged out", "You have been logged out successfully")`.
 * Errors use the destructive style.
 */
export const notify = {
  success(title: string, description?: string) {
    return toast.success(title, { description });
  },
  error(title: string, description?: string) {
    return toast.error(title, { description });
  },
  info(title: string, description?: string) {
    return toast.info(title, { description });
  },
  dismiss(id?: string | number) {
    toast.dismiss(id);
  },
};
