import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { FormError } from "~/common/components/form";
import { Button } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { Hint } from "~/common/ui/feedback";
import { Input, Label, Textarea } from "~/common/ui/input";
import { Page } from "~/common/ui/page";
import { PRODUCT_NAME } from "../../core/brand";
import { requireViewer } from "~/accounts/accounts.server";
import { readForm } from "~/common/form.server";
import { producerState, saveProducerProfile } from "~/productions/productions.server";
import { ProducerNav } from "~/productions/components/productions-ui";
import { MAX_BIO_CHARS } from "~/productions/rules/productions";

export const meta: MetaFunction = () => [{ title: `Producer profile · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const state = await producerState(context.cloudflare.env, viewer);
  return { profile: state.profile ? { displayName: state.profile.displayName, bio: state.profile.bio, languages: state.profile.languages } : null };
}

const profileSchema = z.object({
  display_name: z.string().trim().min(1, "Give the name customers see.").max(80),
  bio: z.string().trim().max(MAX_BIO_CHARS).default(""),
  languages: z
    .string()
    .trim()
    .toLowerCase()
    .transform((value) => [...new Set(value.split(/[\s,]+/).filter(Boolean))])
    .refine((codes) => codes.length > 0 && codes.length <= 20 && codes.every((code) => /^[a-z]{2,3}$/.test(code)), "Language codes separated by commas, such as en, de."),
});

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const form = await readForm(request);
  const parsed = profileSchema.safeParse({ display_name: form.get("display_name") ?? "", bio: form.get("bio") ?? "", languages: form.get("languages") ?? "" });
  if (!parsed.success) return Response.json({ error: parsed.error.issues[0].message }, { status: 400 });
  await saveProducerProfile(context.cloudflare.env, viewer, { displayName: parsed.data.display_name, bio: parsed.data.bio, languages: parsed.data.languages });
  return { ok: "Saved. You are a producer: pass a qualification test to start claiming tasks." };
}

export default function ProducerSettings() {
  const { profile } = useLoaderData<typeof loader>();
  const result = useActionData<{ ok?: string; error?: string }>();
  const busy = useNavigation().state !== "idle";
  return (
    <Page title="Producer profile" description="Saving a profile makes you a producer. Customers see your name and bio on work you deliver.">
      <ProducerNav />
      <Card>
        <CardHeader title={profile ? "Your producer profile" : "Become a producer"} />
        <CardContent>
          <Form method="post" className="max-w-xl space-y-4">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="pp-name">Display name</Label>
              <Input id="pp-name" name="display_name" required maxLength={80} defaultValue={profile?.displayName ?? ""} />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="pp-languages">Languages you work in</Label>
              <Input id="pp-languages" name="languages" required defaultValue={profile?.languages.replaceAll(",", ", ") ?? "en"} placeholder="en, de" />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="pp-bio">About you</Label>
              <Textarea id="pp-bio" name="bio" rows={4} maxLength={MAX_BIO_CHARS} defaultValue={profile?.bio ?? ""} />
            </div>
            <FormError>{result?.error}</FormError>
            {result?.ok ? <Hint>{result.ok}</Hint> : null}
            <Button type="submit" disabled={busy}>
              {profile ? "Save" : "Become a producer"}
            </Button>
          </Form>
        </CardContent>
      </Card>
    </Page>
  );
}
