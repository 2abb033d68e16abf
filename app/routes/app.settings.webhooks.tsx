import { redirect } from "@remix-run/cloudflare";

// The spec names both settings/webhooks and workspace/webhooks: webhooks belong to the workspace, one page.
export const loader = () => redirect("/app/workspace/webhooks");
