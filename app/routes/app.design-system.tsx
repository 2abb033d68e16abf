import type { MetaFunction } from "@remix-run/cloudflare";
import { DesignGallery } from "~/common/components/design-gallery";
import { Page } from "~/common/ui/page";
import { PRODUCT_NAME } from "../../core/brand";

export const meta: MetaFunction = () => [{ title: `Design system · ${PRODUCT_NAME}` }];

/** The shared components in both themes side by side (docs/decisions/0021-design-system.md). */
export default function DesignSystemPage() {
  return (
    <Page title="Design system" description="The shared components every page is built from, in both themes." width="wide">
      <div className="grid gap-6 xl:grid-cols-2">
        <DesignGallery theme="light" />
        <DesignGallery theme="dark" />
      </div>
    </Page>
  );
}
