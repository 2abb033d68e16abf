import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Page } from "~/common/ui/page";
import { PRODUCT_NAME } from "../../core/brand";
import { requireViewer } from "~/accounts/accounts.server";
import { speechToTextPage } from "~/transcription/transcription.server";
import { maxTranscriptionSeconds, TRANSCRIPTION_CREDITS_PER_MINUTE, transcriptListPage } from "~/transcription/rules/transcription";
import { SpeechToText } from "~/transcription/components/speech-to-text";

export const meta: MetaFunction = () => [{ title: `Speech to Text · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const search = new URL(request.url).searchParams;
  const page = transcriptListPage(search.get("page"));
  if (page === null) throw new Response("page must be a whole number from 1 to 10,000", { status: 400 });
  const data = await speechToTextPage(context.cloudflare.env, viewer, { page, transcriptId: search.get("transcript") });
  if (!data) throw new Response("Transcript not found", { status: 404 });
  return { maxSeconds: maxTranscriptionSeconds(viewer.membership.workspace.tier), creditsPerMinute: TRANSCRIPTION_CREDITS_PER_MINUTE, page, ...data };
}

export default function SpeechToTextPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <Page title="Speech to Text" description="Transcribe a recording, follow the words as it plays, and export subtitles.">
      <SpeechToText {...data} />
    </Page>
  );
}
