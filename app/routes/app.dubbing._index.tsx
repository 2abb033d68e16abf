import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useNavigate, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Plus } from "lucide-react";
import { z } from "zod";
import { Page } from "~/common/ui/page";
import { Button } from "~/common/ui/button";
import { PRODUCT_NAME } from "../../core/brand";
import { db, markPromptShown, requireViewer } from "~/accounts/accounts.server";
import { promptsShown } from "~/accounts/rules/onboarding";
import { parseForm } from "~/common/form.server";
import { dubbingLanguageOptions, dubListItem, listDubs } from "~/dubbing/dubbing.server";
import { AUTO_SOURCE, canUseDubbingStudio, DUBBING_CREDITS_PER_MINUTE, dubbingUseCases, maxDubbingSeconds } from "../../core/dubbing/dub-rules";
import { DubList } from "~/dubbing/components/dub-list";
import { NewDubDialog } from "~/dubbing/components/new-dub-dialog";
import { DubbingUseCasesBanner } from "~/dubbing/components/use-cases-banner";
import { useCompleteChecklistItem } from "~/accounts/components/onboarding-client";

export const meta: MetaFunction = () => [{ title: `Dubbing · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const env = context.cloudflare.env;
  const { dubs } = await listDubs(env, viewer, { statuses: null, cursor: null, pageSize: 100 });
  const languages = await dubbingLanguageOptions(env);
  const names = (list: { code: string; name: string }[]) => list.filter((l) => l.code !== AUTO_SOURCE).map((l) => l.name);
  return {
    dubs: dubs.map(dubListItem),
    languages,
    // What dubbing is for, until the user closes it (prompts_shown.dubbing_use_cases_banner, decision 0067).
    useCases: promptsShown(viewer.user.promptsShown).dubbing_use_cases_banner ? null : dubbingUseCases({ sources: names(languages.sources), targets: names(languages.targets) }, canUseDubbingStudio(viewer.membership.workspace.tier)),
    maxSeconds: maxDubbingSeconds(viewer.membership.workspace.tier),
    creditsPerMinute: DUBBING_CREDITS_PER_MINUTE,
  };
}

const CLOSE_USE_CASES = "close-dubbing-use-cases-banner";

/** Closing the use-cases banner: the prompt is marked shown on the user (as the text-to-speech page's Studio suggestion). */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const parsed = await parseForm(request, z.object({ intent: z.literal(CLOSE_USE_CASES) }));
  if (!parsed.ok) return Response.json({ error: "Unknown action" }, { status: 400 });
  await markPromptShown(db(context), viewer.user, "dubbing_use_cases_banner");
  return { ok: true };
}

/** How often the list asks again while a dub is in progress. */
const POLL_MS = 1500;

export default function DubbingPage() {
  const data = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const completeChecklistItem = useCompleteChecklistItem();
  const inProgress = data.dubs.some((d) => d.status === "dubbing");
  useEffect(() => {
    if (!inProgress) return;
    // Each tick asks again even when the last answer is still outstanding (a new revalidation replaces it), so
    // one lost request never stops the polling.
    const timer = setInterval(() => revalidator.revalidate(), POLL_MS);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- revalidate is stable in use; the object is not
  }, [inProgress]);
  return (
    <Page
      title="Dubbing"
      description="Dub audio and video into another language: the speech is transcribed, translated and spoken again over the original background, each line timed to the original."
      actions={
        <Button onClick={() => setCreating(true)} data-testid="new-dub">
          <Plus aria-hidden="true" />
          New dub
        </Button>
      }
    >
      {data.useCases ? <DubbingUseCasesBanner useCases={data.useCases} dismissIntent={CLOSE_USE_CASES} /> : null}
      <DubList dubs={data.dubs} onCreate={() => setCreating(true)} onDeleted={() => revalidator.revalidate()} />
      {creating ? (
        <NewDubDialog
          sources={data.languages.sources}
          targets={data.languages.targets}
          untranslatable={data.languages.untranslatable}
          maxSeconds={data.maxSeconds}
          creditsPerMinute={data.creditsPerMinute}
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            void completeChecklistItem("create_dub");
            navigate(`/app/dubbing/${id}`);
          }}
        />
      ) : null}
    </Page>
  );
}
