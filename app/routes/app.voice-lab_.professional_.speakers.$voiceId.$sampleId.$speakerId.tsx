import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireViewer } from "~/accounts/accounts.server";
import { speakerAudioResponse } from "~/voices/voices.server";

/** One separated speaker's audio as WAV, for the professional voice page's players (decision 0087). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  return speakerAudioResponse(context.professionalVoices, context.cloudflare.env, viewer, params.voiceId ?? "", params.sampleId ?? "", params.speakerId ?? "");
}
