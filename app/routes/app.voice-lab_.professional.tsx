import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BadgeCheck } from "lucide-react";
import { LinkButton } from "~/common/ui/button";
import { EmptyState, Hint } from "~/common/ui/feedback";
import { Page } from "~/common/ui/page";
import { PRODUCT_NAME } from "../../core/brand";
import { requireViewer } from "~/accounts/accounts.server";
import { readForm } from "~/common/form.server";
import { professionalPageAction, professionalVoiceOptions, sampleSpeakersOf, type ProfessionalPageResult } from "~/voices/voices.server";
import { CreateProfessionalVoice, ProfessionalVoiceSteps } from "~/voices/components/professional-voice";
import { PROFESSIONAL_HONESTY, PROFESSIONAL_PLAN_TEXT } from "~/voices/rules/professional-cloning";

export const meta: MetaFunction = () => [{ title: `Professional voice cloning · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const env = context.cloudflare.env;
  const options = await professionalVoiceOptions(env, viewer);
  return { ...options, speakers: await sampleSpeakersOf(context.professionalVoices, env, viewer, options.voices) };
}

/** Manual verification's documents, speaker separation and the speakers kept: plain forms (decision 0087). */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const form = await readForm(request);
  const { status, result } = await professionalPageAction(context.professionalVoices, context.cloudflare.env, viewer, form, (work) => context.cloudflare.ctx.waitUntil(work));
  return Response.json(result satisfies ProfessionalPageResult, { status });
}

export default function ProfessionalCloning() {
  const { allowed, limit, voices, speakers } = useLoaderData<typeof loader>();
  // The action answers a Response (its status is the refusal's), so its type is not inferred.
  const result = useActionData() as ProfessionalPageResult | undefined;
  return (
    <Page title="Professional voice cloning" description="Many samples of one speaker, verified by a recording of you reading a text, then trained into a voice.">
      <Hint>{PROFESSIONAL_HONESTY}</Hint>
      {!allowed ? (
        <EmptyState icon={<BadgeCheck />} title="Not on your plan" action={<LinkButton to="/app/subscription">See plans</LinkButton>}>
          {PROFESSIONAL_PLAN_TEXT}
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" data-testid="professional-slots">{`${voices.length} of ${limit} professional ${limit === 1 ? "voice" : "voices"}`}</p>
          {voices.map((voice) => (
            <ProfessionalVoiceSteps key={voice.voice_id} voice={voice} speakers={speakers} result={result?.voice_id === voice.voice_id ? result : undefined} />
          ))}
          {voices.length < limit ? <CreateProfessionalVoice /> : null}
        </>
      )}
    </Page>
  );
}
