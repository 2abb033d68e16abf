import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { Field } from "~/common/components/form";
import { Button } from "~/common/ui/button";
import { isDevelopment } from "~/accounts/accounts.server";
import { devDnsRecords, setDevDnsRecord } from "~/workspace/sso.server";

export const meta: MetaFunction = () => [{ title: "Dev DNS" }, { name: "robots", content: "noindex" }];

/** The development DNS-over-HTTPS stand-in's TXT records (decision 0045). Outside development this route does not exist. */
export async function loader({ context }: LoaderFunctionArgs) {
  if (!isDevelopment(context.cloudflare.env)) throw new Response("Not Found", { status: 404 });
  return { records: await devDnsRecords(context.cloudflare.env) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (!isDevelopment(context.cloudflare.env)) throw new Response("Not Found", { status: 404 });
  const form = await request.formData();
  const name = String(form.get("name") ?? "");
  const value = String(form.get("value") ?? "");
  if (!name.trim() || !value.trim() || name.length > 253 || value.length > 1000) return Response.json({ error: "Enter a name and a value." }, { status: 400 });
  await setDevDnsRecord(context.cloudflare.env, { name, value }, form.get("intent") === "delete");
  return { ok: true };
}

export default function DevDns() {
  const { records } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-3xl space-y-4 p-6">
      <h1 className="text-2xl font-bold">Dev DNS</h1>
      <p className="text-sm text-muted-foreground">
        TXT records the development DNS-over-HTTPS stand-in answers with, for domain verification. Set DOH_RESOLVER_URL to a real resolver to check real domains instead.
      </p>
      <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-end" data-testid="dev-dns-form">
        <div className="flex-1">
          <Field label="Name" name="name" placeholder="_parlance-verification.example.com" />
        </div>
        <div className="flex-1">
          <Field label="TXT value" name="value" placeholder="parlance-domain-verification=…" />
        </div>
        <Button type="submit">Add TXT record</Button>
      </Form>
      <ul className="space-y-2">
        {records.map((r) => (
          <li key={`${r.name} ${r.value}`} data-testid="dns-record" className="flex flex-wrap items-center gap-2 rounded-xl border border-border p-3 text-sm">
            <span className="font-mono">{r.name}</span> TXT <span className="break-all font-mono">{r.value}</span>
            <Form method="post" className="ml-auto">
              <input type="hidden" name="name" value={r.name} />
              <input type="hidden" name="value" value={r.value} />
              <Button type="submit" name="intent" value="delete" variant="ghost" size="sm">
                Delete
              </Button>
            </Form>
          </li>
        ))}
      </ul>
    </main>
  );
}
