import {
  type NotificationSetting,
  type NotificationSettingsBody,
  notificationSettingLabels,
  notificationSettingToast,
  type NotificationSettings as Settings,
} from "@satsbank/shared";
import { ArrowLeftRight, Bell, type LucideIcon, Mail, ShieldCheck } from "lucide-react";
import { useId } from "react";
import { LoadError } from "@/components/load-error";
import { SettingsRow } from "@/components/settings-row";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { errorMessage } from "@/lib/form-errors";
import { notify } from "@/lib/notify";
import { useNotificationSettings } from "../api/get-notification-settings";
import { useUpdateNotificationSettings } from "../api/update-notification-settings";

type Row = { setting: NotificationSetting | "all"; icon: LucideIcon; description: string };

const ROWS: readonly Row[] = [
  { setting: "all", icon: Bell, description: "Turn every notification setting on or off" },
  {
    setting: "transactionAlerts",
    icon: ArrowLeftRight,
    description: "Alerts when Bitcoin is received or sent, and when a withdrawal is confirmed or fails",
  },
  {
    setting: "securityAlerts",
    icon: ShieldCheck,
    description:
      "Alerts of other changes to your account's security, such as two-factor authentication turned on",
  },
  { setting: "emailNotifications", icon: Mail, description: "Also send each alert to your email" },
];

const SETTINGS: readonly NotificationSetting[] = [
  "transactionAlerts",
  "securityAlerts",
  "emailNotifications",
];

/** "All Notifications" is on only when the other three are. */
function isOn(settings: Settings, setting: NotificationSetting | "all"): boolean {
  return setting === "all" ? SETTINGS.every((s) => settings[s]) : settings[setting];
}

/**
 * Notification Settings: four switches saved on the server. "All Notifications" sets the other three; each
 * change says "<Name> notifications enabled" or "... disabled" once saved. They govern alerts (toasts and
 * emails); the notification list records every event whatever they say.
 */
export function NotificationSettings() {
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const helpId = useId();

  if (settings.data === undefined) {
    return settings.isError ? (
      <LoadError
        message="Your notification settings could not be loaded."
        onRetry={() => void settings.refetch()}
      />
    ) : (
      <Spinner label="Loading notification settings" />
    );
  }
  const current = settings.data;

  function change(setting: NotificationSetting | "all", checked: boolean) {
    const body: NotificationSettingsBody =
      setting === "all" ? Object.fromEntries(SETTINGS.map((s) => [s, checked])) : { [setting]: checked };
    update.mutate(body, {
      onSuccess: () => notify.success(notificationSettingToast(setting, checked)),
      onError: (error) => notify.error("Notification settings not saved", errorMessage(error)),
    });
  }

  return (
    <div className="flex flex-col gap-3">
      <ul className="divide-y rounded-2xl border bg-card shadow-sm">
        {ROWS.map((row) => (
          <SettingRow
            key={row.setting}
            row={row}
            checked={isOn(current, row.setting)}
            helpId={helpId}
            onCheckedChange={(checked) => change(row.setting, checked)}
          />
        ))}
      </ul>
      <p id={helpId} className="text-sm text-muted-foreground">
        Your notifications always record money received and sent and every change to your account's security,
        whatever these switches say: they decide what also pops up on screen and comes by email. Some alerts
        are always sent: a sign-in from a new device or place, a changed password, two-factor authentication
        turned off, identity verification updates and messages from our team.
      </p>
    </div>
  );
}

function SettingRow({
  row,
  checked,
  helpId,
  onCheckedChange,
}: {
  row: Row;
  checked: boolean;
  helpId: string;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <SettingsRow icon={row.icon} title={notificationSettingLabels[row.setting]} description={row.description}>
      {({ titleId, descriptionId }) => (
        <Switch
          checked={checked}
          onCheckedChange={onCheckedChange}
          aria-labelledby={titleId}
          aria-describedby={
            row.setting === "emailNotifications" ? descriptionId : `${descriptionId} ${helpId}`
          }
        />
      )}
    </SettingsRow>
  );
}
