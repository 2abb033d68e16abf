import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { z } from "zod";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { AudioLines, Plus } from "lucide-react";
import { useState } from "react";
import { AddVoiceDialog } from "~/voices/components/add-voice-dialog";
import { DeleteVoiceButton, type DeleteVoiceResult } from "~/voices/components/delete-voice";
import { ShareVoiceButton } from "~/voices/components/share-voice";
import { parseForm } from "~/common/form.server";
import { VoiceCard } from "~/voices/components/voice-card";
import { Button, buttonClass } from "~/common/ui/button";
import { EmptyState, Hint } from "~/common/ui/feedback";
import { Page } from "~/common/ui/page";
import { PRODUCT_NAME } from "../../core/brand";
import { EMBEDDED_CLONE_NOTE } from "~/voices/rules/voice-cloning";
import { requireViewer } from "~/accounts/accounts.server";
import { deleteOwnVoice, voiceLabOptions } from "~/voices/voices.server";
import { ShareButton } from "~/workspace/components/share-dialog";

export const meta: MetaFunction = () => [{ title: `Voice lab · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  return voiceLabOptions(context.cloudflare.env, viewer);
}

const deleteForm = z.object({ intent: z.literal("delete"), voice_id: z.string().min(1).max(100) });

/** Delete, from a card's dialog (Share posts to the library's collections page). */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const parsed = await parseForm(request, deleteForm);
  if (!parsed.ok) return Response.json({ intent: "delete", ok: false, error: "Choose a voice to delete." } satisfies DeleteVoiceResult, { status: 400 });
  const deleted = await deleteOwnVoice(context.cloudflare.env, viewer, parsed.data.voice_id);
  if (!deleted.ok) return Response.json({ intent: "delete", ok: false, error: deleted.message } satisfies DeleteVoiceResult, { status: deleted.httpStatus });
  return { intent: "delete", ok: true } satisfies DeleteVoiceResult;
}

export default function VoiceLab() {
  const { voices, canClone, voiceLimit } = useLoaderData<typeof loader>();
  const [adding, setAdding] = useState(false);
  const revalidator = useRevalidator();
  const full = voices.length >= voiceLimit;
  const addButton = canClone ? (
    <Button onClick={() => setAdding(true)} disabled={full}>
      <Plus aria-hidden="true" />
      Add voice
    </Button>
  ) : (
    <Link to="/app/subscription" className={buttonClass("primary")}>
      Upgrade to clone voices
    </Link>
  );
  return (
    <Page title="Voice lab" description="Your own voices: clone one from a recording, then use it like any other voice." width="wide" actions={addButton}>
      <Hint>{EMBEDDED_CLONE_NOTE}</Hint>
      <p className="text-sm text-muted-foreground" data-testid="voice-slots">
        {canClone ? `${voices.length} of ${voiceLimit} custom voices` : "Instant voice cloning starts with the Starter plan."}
      </p>
      {voices.length === 0 ? (
        <EmptyState icon={<AudioLines />} title="No voices of your own yet." action={addButton}>
          Add a voice from a short recording of one speaker: a minute of clear speech is plenty.
        </EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Your voices">
          {voices.map((voice) => (
            <li key={voice.voice_id} className="flex">
              <VoiceCard
                voice={voice}
                useHref={`/app/speech-synthesis/text-to-speech?voice=${voice.voice_id}`}
                actions={
                  <>
                    {/* Access shows everyone who holds the voice (read-only to a viewer); publishing and deleting need its admin role. */}
                    <ShareButton type="voice" id={voice.voice_id} name={voice.name} />
                    {voice.manage && !voice.fromLibrary ? <ShareVoiceButton voice={voice} /> : null}
                    {voice.manage ? <DeleteVoiceButton voice={voice} /> : null}
                  </>
                }
              />
            </li>
          ))}
        </ul>
      )}
      {adding ? (
        <AddVoiceDialog
          onClose={() => setAdding(false)}
          onAdded={() => {
            setAdding(false);
            revalidator.revalidate();
          }}
        />
      ) : null}
    </Page>
  );
}
