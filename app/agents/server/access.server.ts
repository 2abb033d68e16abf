import type { AppLoadContext } from "@remix-run/cloudflare";
import { database } from "../../../db/client";
import { permissionRefusal, requireViewer, type Actor, type PermissionRefusal, type Viewer } from "~/accounts/accounts.server";

/**
 * Agents ask the conversational_ai permission (decision 0034) before anything of theirs is read or changed: the
 * API's keyed routes, the conversation socket for a key or a session, and the pages. Widget visitors and signed URLs
 * are the agent's public side and ask nothing.
 */
export function agentsRefusal(env: Env, actor: Actor): Promise<PermissionRefusal | null> {
  return permissionRefusal(database(env.DB), actor, "conversational_ai");
}

/** The viewer of an agents page; without the permission a 403 that the agents layout shows as the refusal. */
export async function requireAgentsViewer(request: Request, context: AppLoadContext): Promise<Viewer> {
  const viewer = await requireViewer(request, context);
  const denied = await agentsRefusal(context.cloudflare.env, viewer);
  if (denied) throw Response.json({ status: denied.status, message: denied.message }, { status: denied.httpStatus });
  return viewer;
}
