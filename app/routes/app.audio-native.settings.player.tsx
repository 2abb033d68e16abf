import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { FormError } from "~/common/components/form";
import { Button } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { Hint } from "~/common/ui/feedback";
import { Input, Label } from "~/common/ui/input";
import { Page } from "~/common/ui/page";
import { PRODUCT_NAME } from "../../core/brand";
import { requireViewer } from "~/accounts/accounts.server";
import { readForm } from "~/common/form.server";
import { saveWorkspaceSettings, workspaceSettings } from "~/audio-native/audio-native.server";
import { IMAGE_URL_MAX, normalizeColor, SESSIONIZATION_MAX_MINUTES, TITLE_MAX, type PlayerLook } from "~/audio-native/rules/audio-native";
import { PlayerPreview } from "~/audio-native/components/player-preview";

export const meta: MetaFunction = () => [{ title: `Audio Native player · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const { allowedSites: _sites, voiceId: _voice, modelId: _model, ...look } = await workspaceSettings(context.cloudflare.env, viewer.membership.workspace.id);
  return { look };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const form = await readForm(request);
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const textColor = normalizeColor(text("text_color"));
  const backgroundColor = normalizeColor(text("background_color"));
  const sessionization = Number(text("sessionization") || "0");
  const image = text("image");
  const fail = (error: string) => Response.json({ error }, { status: 400 });
  if (!textColor || !backgroundColor) return fail("Colours are written like #1F2937.");
  if (!Number.isInteger(sessionization) || sessionization < 0 || sessionization > SESSIONIZATION_MAX_MINUTES) return fail(`Sessionization is a whole number of minutes from 0 to ${SESSIONIZATION_MAX_MINUTES}.`);
  if (text("title").length > TITLE_MAX || text("author").length > TITLE_MAX) return fail(`The title and author must be at most ${TITLE_MAX} characters.`);
  if (image && (image.length > IMAGE_URL_MAX || !/^https?:\/\/\S+$/.test(image))) return fail("The image must be an http(s) address.");
  await saveWorkspaceSettings(context.cloudflare.env, viewer, { title: text("title"), author: text("author"), image, small: form.get("small") === "on", textColor, backgroundColor, sessionization });
  return { ok: "Saved: new players start with this look." };
}

export default function AudioNativePlayerSettings() {
  const { look: saved } = useLoaderData<typeof loader>();
  const result = useActionData<{ ok?: string; error?: string }>();
  const busy = useNavigation().state !== "idle";
  const [look, setLook] = useState<PlayerLook>(saved);
  const set = (patch: Partial<PlayerLook>) => setLook((l) => ({ ...l, ...patch }));
  return (
    <Page
      title="Player look"
      description={
        <>
          The look new players start with.{" "}
          <Link to="/app/audio-native/settings" className="underline">
            Allowed sites and voice
          </Link>
        </>
      }
    >
      <Card>
        <CardHeader title="Preview" description="As it appears on your site." />
        <CardContent>
          <PlayerPreview look={look} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader title="Settings" />
        <CardContent>
          <Form method="post" className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor="pl-title">Title (empty: the player&apos;s name)</Label>
              <Input id="pl-title" name="title" maxLength={TITLE_MAX} value={look.title} onChange={(e) => set({ title: e.currentTarget.value })} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="pl-author">Author</Label>
              <Input id="pl-author" name="author" maxLength={TITLE_MAX} value={look.author} onChange={(e) => set({ author: e.currentTarget.value })} />
            </div>
            <div className="space-y-1.5 sm:col-span-2">
              <Label htmlFor="pl-image">Image address (optional)</Label>
              <Input id="pl-image" name="image" type="url" maxLength={IMAGE_URL_MAX} value={look.image} onChange={(e) => set({ image: e.currentTarget.value })} placeholder="https://…" />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="pl-text">Text colour</Label>
              <div className="flex gap-2">
                <input aria-label="Pick the text colour" type="color" value={normalizeColor(look.textColor) ?? "#000000"} onChange={(e) => set({ textColor: e.currentTarget.value.toUpperCase() })} className="h-10 w-12 rounded border border-border bg-background" />
                <Input id="pl-text" name="text_color" value={look.textColor} onChange={(e) => set({ textColor: e.currentTarget.value })} />
              </div>
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="pl-bg">Background colour</Label>
              <div className="flex gap-2">
                <input aria-label="Pick the background colour" type="color" value={normalizeColor(look.backgroundColor) ?? "#FFFFFF"} onChange={(e) => set({ backgroundColor: e.currentTarget.value.toUpperCase() })} className="h-10 w-12 rounded border border-border bg-background" />
                <Input id="pl-bg" name="background_color" value={look.backgroundColor} onChange={(e) => set({ backgroundColor: e.currentTarget.value })} />
              </div>
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="pl-session">Keep a listener&apos;s place for (minutes, 0: not kept)</Label>
              <Input id="pl-session" name="sessionization" type="number" min={0} max={SESSIONIZATION_MAX_MINUTES} value={look.sessionization} onChange={(e) => set({ sessionization: Number(e.currentTarget.value) || 0 })} />
            </div>
            <label className="flex items-center gap-2 self-end text-sm">
              <input type="checkbox" name="small" checked={look.small} onChange={(e) => set({ small: e.currentTarget.checked })} className="size-4 accent-[var(--accent)]" /> Small player
            </label>
            <div className="space-y-3 sm:col-span-2">
              <Hint>The place is kept in the listener&apos;s own browser, never sent to us; no cookies are used.</Hint>
              <FormError>{result?.error}</FormError>
              {result?.ok ? <Hint>{result.ok}</Hint> : null}
              <Button type="submit" disabled={busy}>
                Save
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>
    </Page>
  );
}
