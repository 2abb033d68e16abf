import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PRODUCT_NAME } from "../../core/brand";
import { requireViewer } from "~/accounts/accounts.server";
import { dubListItem, dubOutputs, dubSegments, dubSpeakers, findDub } from "~/dubbing/dubbing.server";
import { redubStudioSegments, renderStudioLanguage, studioState, updateStudioSegment, updateStudioSpeaker } from "~/dubbing/studio.server";
import { canUseDubbingStudio } from "~/dubbing/rules/dubbing";
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

/** The studio's edits from the editor: a translation, a re-dub of one segment, a speaker's voice, a render. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const env = context.cloudflare.env;
  const id = params.dubbingId ?? "";
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? "");
  const row = await findDub(env, viewer, id);
  if (!row) throw new Response("Dub not found", { status: 404 });
  const target = row.targetLang;
  const intent = field("intent");
  const result =
    intent === "translation"
      ? await updateStudioSegment(env, viewer, id, field("segmentId"), target, { text: field("text") })
      : intent === "redub"
        ? await redubStudioSegments(env, viewer, id, [field("segmentId")], [target])
        : intent === "voice"
          ? await updateStudioSpeaker(env, viewer, id, field("speakerId"), { voiceId: field("voiceId") })
          : intent === "render"
            ? await renderStudioLanguage(env, viewer, id, target, dubOutputs(row)[target]?.videoKey ? "mp4" : "mp3")
            : null;
  if (!result) return Response.json({ ok: false, error: "Unknown action." }, { status: 400 });
  return result.ok ? { ok: true } : Response.json({ ok: false, error: result.refusal.message }, { status: result.refusal.httpStatus });
}

export default function DubPage() {
  const data = useLoaderData<typeof loader>();
  return <DubView {...data} />;
}
