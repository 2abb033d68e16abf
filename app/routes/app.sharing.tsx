import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { db, requireViewer, setPublicUserName } from "~/accounts/accounts.server";
import { shareLinkOfItem } from "~/sharing/sharing.server";
import type { PublicNameAnswer, ShareLinkAnswer } from "~/sharing/rules/share-actions";
import { actionFailure } from "~/common/rules/action-result";
import { parseForm } from "~/common/form.server";
import { MAX_PUBLIC_NAME } from "../../core/sharing/sharing";

const intents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create-link"), history_item_id: z.string().min(1).max(100) }),
  z.object({ intent: z.literal("public-name"), public_user_name: z.string().trim().max(MAX_PUBLIC_NAME) }),
]);

/** Nothing to read here: creating a link is a change, so only a POST does it. */
export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { allow: "POST" } });
}

/**
 * The share dialog's changes, posted through fetchers (a resource route: the dialog needs JavaScript anyway).
 * `create-link` makes the item's public link on first use (GET /v1/history/{id}/share-link does the same for
 * API callers); `public-name` is POST /v1/user/update-public-user-name.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const parsed = await parseForm(request, intents);
  if (!parsed.ok) return actionFailure(400, Object.values(parsed.errors)[0] ?? "Unknown action");
  const input = parsed.data;
  if (input.intent === "public-name") {
    await setPublicUserName(db(context), viewer.user.id, input.public_user_name);
    return Response.json({ status: "ok" } satisfies PublicNameAnswer);
  }
  const link = await shareLinkOfItem(db(context), viewer, input.history_item_id);
  if (!link) return actionFailure(404, "History item not found");
  return Response.json({ share_link: link.sharePath, public_user_name: link.publicUserName } satisfies ShareLinkAnswer);
}
