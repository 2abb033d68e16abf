import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Page } from "~/common/ui/page";
import { PRODUCT_NAME } from "../../core/brand";
import { requireViewer } from "~/accounts/accounts.server";
import { MAX_ALIGNMENT_SECONDS, MAX_ALIGNMENT_TEXT_CHARACTERS } from "~/voice-changer/rules/voice-changer";
import { ForcedAlignment } from "~/voice-changer/components/forced-alignment";

export const meta: MetaFunction = () => [{ title: `Forced Alignment · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  return { maxSeconds: MAX_ALIGNMENT_SECONDS, maxCharacters: MAX_ALIGNMENT_TEXT_CHARACTERS };
}

export default function ForcedAlignmentPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <Page title="Forced Alignment" description="Find when each word of a known text is spoken in a recording.">
      <ForcedAlignment maxSeconds={data.maxSeconds} maxCharacters={data.maxCharacters} />
    </Page>
  );
}
