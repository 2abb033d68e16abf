import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireViewer } from "~/accounts/accounts.server";
import { mediaForProducer } from "~/productions/orders.server";

/** An API order's source media, for the producer holding one of its tasks; anyone else gets 404 (decision 0064). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const file = await mediaForProducer(context.cloudflare.env, viewer, params.mediaId ?? "");
  if (!file) throw new Response("Not found", { status: 404 });
  return new Response(file.object.body, {
    headers: {
      "content-type": file.contentType,
      "content-length": String(file.object.size),
      "content-disposition": `attachment; filename="${file.name.replace(/[^\w.-]+/g, "_")}"`,
      "cache-control": "private, no-store",
    },
  });
}
