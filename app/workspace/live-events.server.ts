// The live notifications' Durable Object (decision 0042). Only app/worker.ts imports this file: the Remix build
// cannot resolve "cloudflare:workers", the Worker's bundler can.
import { DurableObject } from "cloudflare:workers";
import type { NotificationJson } from "~/workspace/rules/notifications";

/**
 * One per workspace: the open pages' WebSockets, each tagged with its member (hibernatable, so an idle workspace
 * costs nothing), and the publish call that sends each member their own notifications.
 */
export class WorkspaceEvents extends DurableObject {
  override async fetch(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname;
    if (path === "/socket" && request.headers.get("upgrade") === "websocket") {
      const member = request.headers.get("x-member");
      if (!member) return new Response("member missing", { status: 400 });
      const { 0: client, 1: server } = new WebSocketPair();
      this.ctx.acceptWebSocket(server, [member]);
      return new Response(null, { status: 101, webSocket: client });
    }
    if (path === "/publish" && request.method === "POST") {
      const messages = (await request.json()) as { userId: string; notification: NotificationJson }[];
      for (const { userId, notification } of messages) {
        for (const socket of this.ctx.getWebSockets(userId)) {
          try {
            socket.send(JSON.stringify({ type: "notification", notification }));
          } catch {
            // A socket closing as we send: its page reconnects and reads the list.
          }
        }
      }
      return Response.json({ sockets: this.ctx.getWebSockets().length });
    }
    return new Response("not found", { status: 404 });
  }

  override async webSocketMessage(socket: WebSocket, message: string | ArrayBuffer): Promise<void> {
    // Pages send "ping" to keep proxies from closing an idle socket.
    if (message === "ping") socket.send(JSON.stringify({ type: "pong" }));
  }

  override async webSocketClose(socket: WebSocket, code: number): Promise<void> {
    socket.close(code === 1005 ? 1000 : code, "closing");
  }
}
