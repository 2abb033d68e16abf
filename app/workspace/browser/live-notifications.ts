import { useCallback, useEffect, useState } from "react";
import type { NotificationJson } from "~/workspace/rules/notifications";

const LIST_PATH = "/v1/workspace/notifications";
const LIVE_PATH = "/v1/workspace/notifications/live";
/** Reconnect after 1 s, doubling up to 30 s; a ping every 30 s keeps idle proxies from closing the socket. */
const RECONNECT_MAX_MS = 30_000;
const PING_MS = 30_000;

/**
 * The signed-in member's notifications: the newest from the API, then each new one pushed over the workspace's
 * WebSocket as it happens (decision 0042). `markRead` marks them all read.
 */
export function useLiveNotifications() {
  const [items, setItems] = useState<NotificationJson[]>([]);
  const [unread, setUnread] = useState(0);
  const [live, setLive] = useState(false);

  const load = useCallback(async () => {
    const response = await fetch(LIST_PATH, { credentials: "same-origin" });
    if (!response.ok) return;
    const body = (await response.json()) as { notifications: NotificationJson[]; unread_count: number };
    setItems(body.notifications);
    setUnread(body.unread_count);
  }, []);

  useEffect(() => {
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let ping: ReturnType<typeof setInterval> | undefined;
    let delay = 1000;
    let stopped = false;
    const connect = () => {
      socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${LIVE_PATH}`);
      socket.onopen = () => {
        delay = 1000;
        setLive(true);
        // What arrived while the socket was down.
        void load();
        ping = setInterval(() => socket?.readyState === WebSocket.OPEN && socket.send("ping"), PING_MS);
      };
      socket.onmessage = (event) => {
        const message = JSON.parse(String(event.data)) as { type: string; notification?: NotificationJson };
        if (message.type !== "notification" || !message.notification) return;
        const notification = message.notification;
        setItems((current) => [notification, ...current.filter((n) => n.notification_id !== notification.notification_id)]);
        setUnread((n) => n + 1);
      };
      socket.onclose = () => {
        setLive(false);
        clearInterval(ping);
        if (stopped) return;
        retry = setTimeout(connect, delay);
        delay = Math.min(delay * 2, RECONNECT_MAX_MS);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(ping);
      socket?.close();
    };
  }, [load]);

  const markRead = useCallback(async () => {
    const response = await fetch(`${LIST_PATH}/read`, { method: "POST", credentials: "same-origin" });
    if (!response.ok) return;
    setUnread(0);
    setItems((current) => current.map((n) => ({ ...n, has_been_read: true })));
  }, []);

  return { items, unread, live, markRead };
}
