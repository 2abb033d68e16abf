import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { Page } from "~/common/ui/page";
import { PRODUCT_NAME } from "../../core/brand";
import { requireViewer } from "~/accounts/accounts.server";
import { isolationHistory } from "~/isolation/isolation.server";
import { ISOLATION_CREDITS_PER_MINUTE, maxIsolationSeconds } from "~/isolation/rules/isolation";
import { VoiceIsolator } from "~/isolation/components/voice-isolator";

export const meta: MetaFunction = () => [{ title: `Voice Isolator · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const { items } = await isolationHistory(context.cloudflare.env, viewer, { page: 1, pageSize: 20 });
  return {
    maxSeconds: maxIsolationSeconds(viewer.membership.workspace.tier),
    creditsPerMinute: ISOLATION_CREDITS_PER_MINUTE,
    history: items.map((row) => ({ id: row.id, title: row.title, createdAt: row.createdAt, durationSeconds: row.durationSeconds, credits: row.credits })),
  };
}

export default function VoiceIsolatorPage() {
  const data = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  return (
    <Page title="Voice Isolator" description="Remove background noise from a recording and keep the voice.">
      <VoiceIsolator maxSeconds={data.maxSeconds} creditsPerMinute={data.creditsPerMinute} history={data.history} onChanged={() => revalidator.revalidate()} />
    </Page>
  );
}
