import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AuthCard, Field } from "~/common/components/form";
import { Button } from "~/common/ui/button";
import { isDevelopment } from "~/accounts/accounts.server";
import { issueDevAuthorizationCode, readDevAuthorizeRequest } from "~/workspace/sso.server";
import { emailDomain } from "~/workspace/rules/sso";

export const meta: MetaFunction = () => [{ title: "Development identity provider" }, { name: "robots", content: "noindex" }];

/**
 * The development identity provider's authorization endpoint: a small login form. It trusts the address typed
 * (no passwords: it stands in for the company's provider, like the dev mailbox for e-mail). Not in production.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!isDevelopment(context.cloudflare.env)) throw new Response("Not Found", { status: 404 });
  const read = readDevAuthorizeRequest(new URL(request.url));
  return "error" in read ? Response.json(read, { status: 400 }) : { loginHint: read.loginHint };
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (!isDevelopment(context.cloudflare.env)) throw new Response("Not Found", { status: 404 });
  const read = readDevAuthorizeRequest(new URL(request.url));
  if ("error" in read) return Response.json(read, { status: 400 });
  const form = await request.formData();
  const email = String(form.get("email") ?? "").trim();
  if (!emailDomain(email)) return Response.json({ loginHint: email, invalid: "Enter an e-mail address." }, { status: 400 });
  const name = String(form.get("name") ?? "").trim().slice(0, 100) || null;
  return redirect(await issueDevAuthorizationCode(context.cloudflare.env, read, { email, name }));
}

export default function DevAuthorize() {
  const data = useLoaderData<typeof loader>() as { error: string } | { loginHint: string; invalid?: string };
  if ("error" in data) {
    return (
      <AuthCard title="Development identity provider">
        <p role="alert" className="text-sm">
          {data.error}
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Development identity provider">
      <p className="mb-4 text-sm text-muted-foreground">A local stand-in for your company's OpenID Connect provider. It signs in whichever address you type: development only.</p>
      {/* A plain form, as at a real provider: the answer is a document navigation back to the app's callback. */}
      <form method="post" className="flex flex-col gap-4" data-testid="dev-idp-form">
        <Field label="Email" name="email" type="email" defaultValue={data.loginHint} required error={data.invalid} />
        <Field label="Name" name="name" placeholder="Ada Lovelace" />
        <Button type="submit">Sign in</Button>
      </form>
    </AuthCard>
  );
}
