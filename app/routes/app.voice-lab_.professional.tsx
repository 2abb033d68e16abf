import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BadgeCheck } from "lucide-react";
import { LinkButton } from "~/common/ui/button";
import { EmptyState, Hint } from "~/common/ui/feedback";
import { Page } from "~/common/ui/page";
import { PRODUCT_NAME } from "../../core/brand";
import { requireViewer } from "~/accounts/accounts.server";
import { professionalVoiceOptions } from "~/voices/voices.server";
import { CreateProfessionalVoice, ProfessionalVoiceSteps } from "~/voices/components/professional-voice";
import { PROFESSIONAL_HONESTY, PROFESSIONAL_PLAN_TEXT } from "~/voices/rules/professional-cloning";

export const meta: MetaFunction = () => [{ title: `Professional voice cloning · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  return professionalVoiceOptions(context.cloudflare.env, viewer);
}

export default function ProfessionalCloning() {
  const { allowed, limit, voices } = useLoaderData<typeof loader>();
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
            <ProfessionalVoiceSteps key={voice.voice_id} voice={voice} />
          ))}
          {voices.length < limit ? <CreateProfessionalVoice /> : null}
        </>
      )}
    </Page>
  );
}
