import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormError } from "~/common/components/form";
import { Button } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { Hint } from "~/common/ui/feedback";
import { Label, Textarea } from "~/common/ui/input";
import { Page } from "~/common/ui/page";
import { Select } from "~/common/ui/select";
import { PRODUCT_NAME } from "../../core/brand";
import { requireViewer } from "~/accounts/accounts.server";
import { readForm } from "~/common/form.server";
import { findUsableVoice, usableVoices } from "~/voices/voices.server";
import { saveWorkspaceSettings, workspaceSettings } from "~/audio-native/audio-native.server";
import { ALLOWED_SITES_MAX, parseAllowedSites } from "~/audio-native/rules/audio-native";

export const meta: MetaFunction = () => [{ title: `Audio Native settings · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const env = context.cloudflare.env;
  const settings = await workspaceSettings(env, viewer.membership.workspace.id);
  const voices = (await usableVoices(env, viewer)).map((v) => ({ value: v.voiceId, label: v.name }));
  return { sites: settings.allowedSites, voiceId: settings.voiceId ?? voices[0]?.value ?? "", voices };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const env = context.cloudflare.env;
  const form = await readForm(request);
  const { sites, invalid } = parseAllowedSites(String(form.get("sites") ?? "").slice(0, 20_000));
  if (invalid.length) return Response.json({ error: `Not a site address: ${invalid.slice(0, 3).join(", ")}. Write one site a line, like https://blog.example.com.` }, { status: 400 });
  if (sites.length > ALLOWED_SITES_MAX) return Response.json({ error: `At most ${ALLOWED_SITES_MAX} sites.` }, { status: 400 });
  const voiceId = String(form.get("voice_id") ?? "");
  if (voiceId && !(await findUsableVoice(env, viewer, voiceId))) return Response.json({ error: "Choose one of your voices." }, { status: 400 });
  await saveWorkspaceSettings(env, viewer, { allowedSites: sites, voiceId: voiceId || null });
  return { ok: `Saved. ${sites.length ? `Players may be shown on ${sites.length} ${sites.length === 1 ? "site" : "sites"}.` : "No site may show your players."}` };
}

export default function AudioNativeSettings() {
  const { sites, voiceId, voices } = useLoaderData<typeof loader>();
  const result = useActionData<{ ok?: string; error?: string }>();
  const busy = useNavigation().state !== "idle";
  return (
    <Page
      title="Audio Native settings"
      description={
        <>
          Where your players may appear, and the voice new players start with.{" "}
          <Link to="/app/audio-native/settings/player" className="underline">
            Player look
          </Link>
        </>
      }
      width="narrow"
    >
      <Card>
        <CardHeader title="Allowed sites" description="A player loads only on pages of these sites (checked by the page's origin); elsewhere it stays empty." />
        <CardContent>
          <Form method="post" className="space-y-4">
            <div className="space-y-1.5">
              <Label htmlFor="an-sites">Sites, one a line</Label>
              <Textarea id="an-sites" name="sites" rows={5} defaultValue={sites.join("\n")} placeholder="https://blog.example.com" />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="an-voice">Default voice for new players</Label>
              <Select id="an-voice" label="Default voice for new players" name="voice_id" options={voices} defaultValue={voiceId} />
            </div>
            <FormError>{result?.error}</FormError>
            {result?.ok ? <Hint>{result.ok}</Hint> : null}
            <Button type="submit" disabled={busy}>
              Save
            </Button>
          </Form>
        </CardContent>
      </Card>
    </Page>
  );
}
