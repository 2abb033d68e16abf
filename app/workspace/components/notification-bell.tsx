import * as Popover from "@radix-ui/react-popover";
import { Bell } from "lucide-react";
import { Badge, type BadgeTone } from "~/common/ui/badge";
import { Button } from "~/common/ui/button";
import { useLiveNotifications } from "~/workspace/browser/live-notifications";
import { NOTIFICATION_TEXTS } from "~/workspace/rules/notifications";
import type { NotificationSeverity } from "../../../core/workspace/notifications";

const TONES: Record<NotificationSeverity, BadgeTone> = { info: "neutral", success: "success", warning: "warning", error: "danger" };
const time = (unix: number) => new Date(unix * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });

/** The header's notification centre: the member's newest notifications, new ones arriving live. */
export function NotificationBell() {
  const { items, unread, live, markRead } = useLiveNotifications();
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label={unread ? `Notifications, ${unread} unread` : "Notifications"} data-testid="notification-bell" data-live={live} className="relative">
          <Bell aria-hidden="true" />
          {unread ? (
            <span className="absolute -right-0.5 -top-0.5 min-w-4 rounded-full bg-accent px-1 text-center text-[10px] font-semibold leading-4 text-white dark:text-zinc-950" data-testid="notification-count">
              {unread > 99 ? "99+" : unread}
            </span>
          ) : null}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content aria-label="Notifications" align="end" sideOffset={6} className="z-50 w-80 max-w-[calc(100vw-1rem)] rounded-xl border border-border bg-card text-foreground shadow-lg" data-testid="notification-list">
          <div className="flex items-center justify-between gap-2 border-b border-border px-3 py-2">
            <h2 className="text-sm font-semibold">Notifications</h2>
            {unread ? (
              <Button size="sm" variant="ghost" onClick={() => void markRead()}>
                {NOTIFICATION_TEXTS.markRead}
              </Button>
            ) : null}
          </div>
          {items.length === 0 ? (
            <p className="px-3 py-6 text-center text-sm text-muted-foreground">{NOTIFICATION_TEXTS.empty}</p>
          ) : (
            <ul className="max-h-96 divide-y divide-border overflow-y-auto">
              {items.map((n) => (
                <li key={n.notification_id} className="flex flex-col gap-1 px-3 py-2 text-sm" data-read={n.has_been_read}>
                  <span className="flex items-center justify-between gap-2">
                    <span className={n.has_been_read ? "font-medium" : "font-semibold"}>{n.title}</span>
                    <Badge tone={TONES[n.severity]}>{time(n.created_at_unix)}</Badge>
                  </span>
                  <span className="text-muted-foreground">{n.description}</span>
                </li>
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
