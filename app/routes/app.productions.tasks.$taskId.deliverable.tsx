import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireViewer } from "~/accounts/accounts.server";
import { deliverableFor } from "~/productions/productions.server";

/** The delivered file, for the ordering workspace and the producer who made it; anyone else gets 404. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const file = await deliverableFor(context.cloudflare.env, viewer, params.taskId ?? "");
  if (!file) throw new Response("Not found", { status: 404 });
  return new Response(file.object.body, {
    headers: {
      "content-type": file.type,
      "content-length": String(file.object.size),
      "content-disposition": `attachment; filename="${file.name.replace(/[^\w.-]+/g, "_")}"`,
      "cache-control": "private, no-store",
    },
  });
}
