import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { Page } from "~/common/ui/page";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/common/ui/tabs";
import { PRODUCT_NAME } from "../../core/brand";
import { requireViewer } from "~/accounts/accounts.server";
import { soundHistory, soundHistoryItemJson } from "~/sound-effects/sound-effects.server";
import { ExplorePanel, GeneratePanel, HistoryPanel } from "~/sound-effects/components/sound-effects";
import { SOUND_CATALOGUE } from "~/sound-effects/rules/sound-effects";

export const meta: MetaFunction = () => [{ title: `Sound effects · ${PRODUCT_NAME}` }];

const TABS = ["generate", "history", "explore"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const rows = await soundHistory(context.cloudflare.env, viewer, { pageSize: 100 });
  return {
    history: rows.map(soundHistoryItemJson).map((i) => ({ id: i.sound_generation_history_item_id, text: i.text, durationSeconds: i.duration_seconds, loop: i.loop, recipes: i.recipes, dateUnix: i.date_unix, credits: i.credits })),
  };
}

export default function SoundEffects() {
  const { history } = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((t) => t === params.get("tab")) ?? "generate";
  const category = SOUND_CATALOGUE.some((c) => c.id === params.get("category")) ? params.get("category") : null;
  return (
    <Tabs value={tab} onValueChange={(value) => setParams(value === "generate" ? {} : { tab: value }, { preventScrollReset: true })}>
      <Page
        title="Sound effects"
        description="Describe a sound and get it in seconds: weather, water, fire, footsteps, impacts, whooshes, engines, crowds, birds and interface sounds."
        actions={
          <TabsList label="Sound effects">
            <TabsTrigger value="generate">Generate</TabsTrigger>
            <TabsTrigger value="history">History</TabsTrigger>
            <TabsTrigger value="explore">Explore</TabsTrigger>
          </TabsList>
        }
      >
        <TabsContent value="generate">
          <GeneratePanel />
        </TabsContent>
        <TabsContent value="history">
          <HistoryPanel items={history} />
        </TabsContent>
        <TabsContent value="explore">
          <ExplorePanel query={params.get("q") ?? ""} category={category} />
        </TabsContent>
      </Page>
    </Tabs>
  );
}
