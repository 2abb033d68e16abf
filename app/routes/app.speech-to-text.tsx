import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Page } from "~/common/ui/page";
import { PRODUCT_NAME } from "../../core/brand";
import { requireViewer } from "~/accounts/accounts.server";
import { maxTranscriptionSeconds, TRANSCRIPTION_CREDITS_PER_MINUTE } from "~/transcription/rules/transcription";
import { SpeechToText } from "~/transcription/components/speech-to-text";

export const meta: MetaFunction = () => [{ title: `Speech to Text · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  return { maxSeconds: maxTranscriptionSeconds(viewer.membership.workspace.tier), creditsPerMinute: TRANSCRIPTION_CREDITS_PER_MINUTE };
}

export default function SpeechToTextPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <Page title="Speech to Text" description="Transcribe a recording, follow the words as it plays, and export subtitles.">
      <SpeechToText maxSeconds={data.maxSeconds} creditsPerMinute={data.creditsPerMinute} />
    </Page>
  );
}
