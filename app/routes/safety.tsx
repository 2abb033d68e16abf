import { ProsePage } from "~/marketing/components/site-chrome";
import { PRODUCT_NAME } from "../../core/brand";
import { publicHeaders, publicMeta } from "~/marketing/public-meta";

export const meta = publicMeta({ title: `Safety · ${PRODUCT_NAME}`, description: `How ${PRODUCT_NAME} keeps synthetic speech safe: voice safety controls, moderation and accountability.`, path: "/safety" });
export const headers = publicHeaders;

export default function Safety() {
  return (
    <ProsePage title="Safety">
      <p>Synthetic voices are powerful. {PRODUCT_NAME} is designed so they are used with consent and accountability.</p>
      <h2>Accountability</h2>
      <p>Every generation is tied to an account and a workspace, and is kept in that workspace's history.</p>
      <h2>Voice safety controls</h2>
      <p>Voices can be blocked or placed behind a verification step when misuse is suspected.</p>
      <h2>Regional rules</h2>
      <p>
        Where biometric privacy laws apply, users accept the relevant terms before use. Privacy-law opt-outs and the
        Global Privacy Control signal are honoured by default.
      </p>
    </ProsePage>
  );
}
