import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { db, requireViewer } from "~/accounts/accounts.server";
import { parseForm } from "~/common/form.server";
import { dialogTarget, resourceSharing, shareResource, unshareResource } from "~/workspace/resources.server";
import { resourceRole, resourceType } from "../../core/workspace/resource-sharing";
import type { SharingView } from "~/workspace/components/share-dialog";

// The Share dialog's data (who has access, whom it may still be shared with) and its share and unshare.

function typeOf(params: LoaderFunctionArgs["params"]) {
  const type = resourceType.safeParse(params.type);
  if (!type.success) throw new Response("Unknown resource type", { status: 404 });
  return type.data;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const found = await resourceSharing(db(context), viewer, typeOf(params), params.id ?? "");
  if (!found.ok) throw new Response(found.message, { status: found.httpStatus });
  const { sharing } = found;
  return {
    canShare: sharing.role === "admin",
    role: sharing.role,
    access: sharing.access.map((a) => ({ kind: a.principalType, id: a.principalId, name: a.name, role: a.role })),
    options: sharing.shareOptions.map((o) => ({ kind: o.type, id: o.id, name: o.name })),
  } satisfies SharingView;
}

/** A principal as the dialog names it: "workspace", "group:<id>" or "user:<id>". */
const principal = z.string().regex(/^(workspace|group:.+|user:.+)$/, "Choose whom to share with.");
const actionForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("share"), principal, role: resourceRole }),
  z.object({ intent: z.literal("unshare"), principal }),
]);

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const type = typeOf(params);
  const parsed = await parseForm(request, actionForm);
  if (!parsed.ok) return Response.json({ error: Object.values(parsed.errors)[0] ?? "Check the form." }, { status: 400 });
  const database = db(context);
  const target = await dialogTarget(database, parsed.data.principal);
  const id = params.id ?? "";
  const result = parsed.data.intent === "share" ? await shareResource(database, viewer, type, id, target, parsed.data.role) : await unshareResource(database, viewer, type, id, target);
  return result.ok ? { ok: true } : Response.json({ error: result.message }, { status: result.httpStatus });
}
