import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard, Field } from "~/common/components/form";
import { Button } from "~/common/ui/button";
import { isDevelopment } from "~/accounts/accounts.server";
import { issueDevSamlResponse, readDevSamlRequest } from "~/workspace/sso.server";
import { emailDomain } from "~/workspace/rules/sso";

export const meta: MetaFunction = () => [{ title: "Development SAML identity provider" }, { name: "robots", content: "noindex" }];

type Answer = { acsUrl: string; samlResponse: string; relayState: string } | { invalid: string; email: string };

/**
 * The development SAML identity provider's SSO endpoint (decision 0070): the AuthnRequest arrives by
 * HTTP-Redirect, a small login form trusts the address typed, and the signed Response goes back by HTTP-POST
 * to the service provider's ACS. Not in production.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!isDevelopment(context.cloudflare.env)) throw new Response("Not Found", { status: 404 });
  const read = await readDevSamlRequest(new URL(request.url));
  return "error" in read ? Response.json(read, { status: 400 }) : { ok: true as const };
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (!isDevelopment(context.cloudflare.env)) throw new Response("Not Found", { status: 404 });
  const url = new URL(request.url);
  const read = await readDevSamlRequest(url);
  if ("error" in read) return Response.json(read, { status: 400 });
  const form = await request.formData();
  const email = String(form.get("email") ?? "").trim();
  if (!emailDomain(email)) return Response.json({ invalid: "Enter an e-mail address.", email } satisfies Answer, { status: 400 });
  const name = String(form.get("name") ?? "").trim().slice(0, 100) || null;
  const samlResponse = await issueDevSamlResponse(context.cloudflare.env, url.origin, read, { email, name });
  return { acsUrl: read.acsUrl, samlResponse, relayState: read.relayState } satisfies Answer;
}

export default function DevSamlSignIn() {
  const data = useLoaderData<typeof loader>() as { error: string } | { ok: true };
  const answer = useActionData<typeof action>() as Answer | { error: string } | undefined;
  const error = "error" in data ? data.error : answer && "error" in answer ? answer.error : null;
  if (error) {
    return (
      <AuthCard title="Development SAML identity provider">
        <p role="alert" className="text-sm">
          {error}
        </p>
      </AuthCard>
    );
  }
  if (answer && "samlResponse" in answer) {
    // The HTTP-POST binding: the browser carries the signed Response to the service provider's ACS.
    return (
      <AuthCard title="Development SAML identity provider">
        <form method="post" action={answer.acsUrl} className="flex flex-col gap-4" data-testid="dev-saml-post">
          <input type="hidden" name="SAMLResponse" value={answer.samlResponse} />
          <input type="hidden" name="RelayState" value={answer.relayState} />
          <p className="text-sm text-muted-foreground">Signed in. Your signed SAML response goes back to the service provider.</p>
          <Button type="submit">Continue</Button>
        </form>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Development SAML identity provider">
      <p className="mb-4 text-sm text-muted-foreground">A local stand-in for your company's SAML 2.0 identity provider. It signs in whichever address you type: development only.</p>
      <form method="post" className="flex flex-col gap-4" data-testid="dev-saml-form">
        <Field label="Email" name="email" type="email" defaultValue={answer && "email" in answer ? answer.email : ""} required error={answer && "invalid" in answer ? answer.invalid : undefined} />
        <Field label="Name" name="name" placeholder="Ada Lovelace" />
        <Button type="submit">Sign in</Button>
      </form>
    </AuthCard>
  );
}
