import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { HistoryList } from "~/history/components/history-list";
import { LinkButton } from "~/common/ui/button";
import { Page } from "~/common/ui/page";
import { PRODUCT_NAME } from "../../core/brand";
import { shareButtonMode, videoFlagOn } from "../../core/sharing/sharing";
import { requireViewer } from "~/accounts/accounts.server";
import { historyEntries } from "~/speech/speech.server";
import { voiceOptions } from "~/voices/voices.server";
import { VOICE_CHANGER_SOURCE } from "~/voice-changer/rules/voice-changer";
import { action as pageAction } from "./app.speech-synthesis.text-to-speech";

export const meta: MetaFunction = () => [{ title: `Voice Changer history · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const url = new URL(request.url);
  const search = url.searchParams.get("search") ?? "";
  const voiceId = url.searchParams.get("voice_id") ?? "";
  const { entries } = await historyEntries(context, viewer, { search, voiceId, source: VOICE_CHANGER_SOURCE, pageSize: 100 });
  return { shareMode: shareButtonMode(videoFlagOn(context.cloudflare.env.FEATURE_TTS_VIDEO_GENERATION), viewer.membership.workspace.tier, true), history: entries, search, voiceId, voices: await voiceOptions(context.cloudflare.env, viewer) };
}

/** Deleting and downloading items: the same actions as the text-to-speech history. */
export function action(args: ActionFunctionArgs) {
  return pageAction(args);
}

export default function SpeechToSpeechHistory() {
  const data = useLoaderData<typeof loader>();
  return (
    <Page
      title="Voice Changer history"
      description="Every recording whose voice you changed: play it again, download it or share it."
      actions={
        <LinkButton to="/app/speech-synthesis/speech-to-speech" variant="secondary">
          <ArrowLeft aria-hidden="true" />
          Back to Voice Changer
        </LinkButton>
      }
    >
      <HistoryList shareMode={data.shareMode} entries={data.history} voices={data.voices} search={data.search} voiceId={data.voiceId} />
    </Page>
  );
}
