import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Library } from "lucide-react";
import { z } from "zod";
import { FormError, FormNotice } from "~/common/components/form";
import { Button } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { Page } from "~/common/ui/page";
import { PRODUCT_NAME } from "../../core/brand";
import { LIBRARY_SETTING_TEXTS } from "../../core/workspace/library-settings";
import { can, db, requireViewer } from "~/accounts/accounts.server";
import { parseForm } from "~/common/form.server";
import { updateVoiceLibrarySettings, voiceLibrarySettings } from "~/workspace/workspace.server";

export const meta: MetaFunction = () => [{ title: `Voice library settings · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  return { manage: await can(db(context), viewer, "workspace_settings"), settings: voiceLibrarySettings(viewer) };
}

const checkbox = z.literal("on").optional();
const settingsForm = z.object({ members_add: checkbox, members_publish: checkbox });

type ActionData = { notice?: string; error?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const parsed = await parseForm(request, settingsForm);
  if (!parsed.ok) return Response.json({ error: "The form could not be read: reload the page and try again." } satisfies ActionData, { status: 400 });
  const result = await updateVoiceLibrarySettings(db(context), viewer, { membersAddLibraryVoices: parsed.data.members_add === "on", membersPublishLibraryVoices: parsed.data.members_publish === "on" });
  if (!result.ok) return Response.json({ error: result.message } satisfies ActionData, { status: result.httpStatus });
  return { notice: LIBRARY_SETTING_TEXTS.saved } satisfies ActionData;
}

const CHECKBOX = "mt-0.5 size-4 accent-[var(--accent)]";

export default function VoiceLibrarySettings() {
  const { manage, settings } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionData | undefined;
  const busy = useNavigation().state !== "idle";
  const options = [
    { name: "members_add", label: LIBRARY_SETTING_TEXTS.addLabel, hint: LIBRARY_SETTING_TEXTS.addHint, checked: settings.membersAddLibraryVoices },
    { name: "members_publish", label: LIBRARY_SETTING_TEXTS.publishLabel, hint: LIBRARY_SETTING_TEXTS.publishHint, checked: settings.membersPublishLibraryVoices },
  ];
  return (
    <Page title="Voice library settings" description={LIBRARY_SETTING_TEXTS.description} testId="voice-library-settings-page">
      <FormNotice>{result?.notice}</FormNotice>
      <FormError>{result?.error}</FormError>
      <Card>
        <CardHeader title={LIBRARY_SETTING_TEXTS.title} description={manage ? undefined : LIBRARY_SETTING_TEXTS.forbidden} />
        <CardContent>
          <Form method="post" className="flex flex-col gap-3 text-sm" data-testid="voice-library-settings-form">
            <fieldset disabled={!manage} className="contents">
              {options.map((option) => (
                <label key={option.name} className="flex items-start gap-2">
                  <input type="checkbox" name={option.name} defaultChecked={option.checked} className={CHECKBOX} />
                  <span>
                    <span className="font-medium">{option.label}</span>
                    <span className="block text-muted-foreground">{option.hint}</span>
                  </span>
                </label>
              ))}
              {manage ? (
                <div>
                  <Button type="submit" disabled={busy}>
                    <Library aria-hidden="true" /> Save voice library settings
                  </Button>
                </div>
              ) : null}
            </fieldset>
          </Form>
        </CardContent>
      </Card>
    </Page>
  );
}
