import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PRODUCT_NAME } from "../../core/brand";
import { requireViewer } from "~/accounts/accounts.server";
import { dubListItem, dubOutputs, dubSegments, dubSpeakers, findDub, studioState } from "~/dubbing/dubbing.server";
import { canUseDubbingStudio } from "../../core/dubbing/dub-rules";
import { DubView } from "~/dubbing/components/dub-view";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.dub.name ?? "Dub"} · Dubbing · ${PRODUCT_NAME}` }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const env = context.cloudflare.env;
  const row = await findDub(env, viewer, params.dubbingId ?? "");
  if (!row) throw new Response("Dub not found", { status: 404 });
  const outputs = dubOutputs(row);
  const studioAllowed = canUseDubbingStudio(viewer.membership.workspace.tier);
  return {
    dub: dubListItem(row),
    outputs: Object.entries(outputs).map(([language, output]) => ({ language, hasVideo: output.videoKey !== null, videoType: output.videoContentType })),
    segments: dubSegments(row),
    speakers: dubSpeakers(row).map((s) => ({ id: s.id, name: s.name, pitchHz: s.pitchHz, variant: s.voice.variant, voiceId: s.voiceId ?? null })),
    studio: row.status === "dubbed" && studioAllowed ? await studioState(env, viewer, row) : null,
    studioAllowed,
  };
}

export default function DubPage() {
  const data = useLoaderData<typeof loader>();
  return <DubView {...data} />;
}
