import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { PRODUCT_NAME } from "../../core/brand";
import { requireViewer } from "~/accounts/accounts.server";
import { parseForm } from "~/common/form.server";
import { addableDubLanguages, addDubLanguage, dubListItem, dubOutputs, dubSegments, dubSpeakers, findDub, studioState } from "~/dubbing/dubbing.server";
import { canUseDubbingStudio } from "../../core/dubbing/dub-rules";
import { redubCredits, studioLanguages } from "~/dubbing/rules/studio";
import { DubView } from "~/dubbing/components/dub-view";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.dub.name ?? "Dub"} · Dubbing · ${PRODUCT_NAME}` }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const env = context.cloudflare.env;
  const row = await findDub(env, viewer, params.dubbingId ?? "");
  if (!row) throw new Response("Dub not found", { status: 404 });
  const outputs = dubOutputs(row);
  const segments = dubSegments(row);
  const studioAllowed = canUseDubbingStudio(viewer.membership.workspace.tier);
  const inStudio = row.status === "dubbed" && studioAllowed;
  // The studio's language switch (?language=): one of the dub's target languages, its first by default.
  const languages = studioLanguages(segments, row.targetLang);
  const asked = new URL(request.url).searchParams.get("language")?.toLowerCase() ?? "";
  return {
    dub: dubListItem(row),
    outputs: Object.entries(outputs).map(([language, output]) => ({ language, hasVideo: output.videoKey !== null, videoType: output.videoContentType })),
    segments,
    speakers: dubSpeakers(row).map((s) => ({ id: s.id, name: s.name, pitchHz: s.pitchHz, variant: s.voice.variant, voiceId: s.voiceId ?? null })),
    languages,
    studio: inStudio ? { ...(await studioState(env, viewer, row)), language: languages.includes(asked) ? asked : row.targetLang, adding: { ...(await addableDubLanguages(env, row)), credits: redubCredits(segments, ["new"]) } } : null,
    studioAllowed,
  };
}

const addLanguageForm = z.object({ intent: z.literal("add-language", { message: "Unknown action." }), language: z.string().trim().min(1, "Choose a language to add.").max(20) });

/**
 * Adds a target language from the studio editor (decision 0068): translated, spoken, charged and rendered by the
 * API's own call, then the page shows the new language. Without JavaScript the form posts here and lands on it.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const env = context.cloudflare.env;
  const id = params.dubbingId ?? "";
  if (!(await findDub(env, viewer, id))) throw new Response("Dub not found", { status: 404 });
  const parsed = await parseForm(request, addLanguageForm);
  if (!parsed.ok) return Response.json({ error: Object.values(parsed.errors)[0] ?? "Unknown action." }, { status: 400 });
  const added = await addDubLanguage(context.dial ?? fetch, request, id, parsed.data.language);
  if (!added.ok) return Response.json({ error: added.message, language: parsed.data.language }, { status: added.httpStatus });
  return redirect(`/app/dubbing/${id}?language=${added.code}&added=1`);
}

export default function DubPage() {
  const data = useLoaderData<typeof loader>();
  return <DubView {...data} />;
}
