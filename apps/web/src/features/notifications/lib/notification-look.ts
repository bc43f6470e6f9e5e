import type { NotificationStatus, NotificationType } from "@satsbank/shared";
import {
  AlertTriangle,
  ArrowLeftRight,
  CheckCircle2,
  Clock,
  IdCard,
  Info,
  type LucideIcon,
  Megaphone,
  ShieldCheck,
} from "lucide-react";

// A notification's look: its type's icon, tinted in its status's colour, and the status's own icon
// beside its word. The words carry the meaning; the colours (3:1 and more on their tints in both themes,
// see index.css) only help.

export const typeLooks = {
  transaction: { icon: ArrowLeftRight, label: "Transaction" },
  kyc: { icon: IdCard, label: "KYC" },
  security: { icon: ShieldCheck, label: "Security" },
  system: { icon: Megaphone, label: "System" },
} as const satisfies Record<NotificationType, { icon: LucideIcon; label: string }>;

export const statusLooks = {
  success: { icon: CheckCircle2, label: "Success", text: "text-success", tint: "bg-success/15" },
  warning: { icon: AlertTriangle, label: "Warning", text: "text-destructive", tint: "bg-destructive/10" },
  info: { icon: Info, label: "Info", text: "text-info", tint: "bg-info/15" },
  pending: { icon: Clock, label: "Pending", text: "text-warning", tint: "bg-warning/15" },
} as const satisfies Record<
  NotificationStatus,
  { icon: LucideIcon; label: string; text: string; tint: string }
>;
