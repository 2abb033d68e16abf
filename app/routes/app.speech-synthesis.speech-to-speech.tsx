import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Page } from "~/common/ui/page";
import { PRODUCT_NAME } from "../../core/brand";
import { requireViewer } from "~/accounts/accounts.server";
import { historyEntries } from "~/speech/speech.server";
import { voiceOptions } from "~/voices/voices.server";
import { maxVoiceChangerSeconds, VOICE_CHANGER_CREDITS_PER_MINUTE, VOICE_CHANGER_SOURCE } from "~/voice-changer/rules/voice-changer";
import { VoiceChanger } from "~/voice-changer/components/voice-changer";

export const meta: MetaFunction = () => [{ title: `Voice Changer · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const { entries } = await historyEntries(context, viewer, { source: VOICE_CHANGER_SOURCE, pageSize: 5 });
  return {
    voices: await voiceOptions(context.cloudflare.env, viewer),
    maxSeconds: maxVoiceChangerSeconds(viewer.membership.workspace.tier),
    creditsPerMinute: VOICE_CHANGER_CREDITS_PER_MINUTE,
    recent: entries.map(({ id, text, voiceName, dateUnix, fileName }) => ({ id, text, voiceName, dateUnix, fileName })),
  };
}

export default function SpeechToSpeechPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <Page title="Voice Changer" description="Say a recording again in another voice, keeping its words and timing.">
      <VoiceChanger voices={data.voices} maxSeconds={data.maxSeconds} creditsPerMinute={data.creditsPerMinute} recent={data.recent} />
    </Page>
  );
}
