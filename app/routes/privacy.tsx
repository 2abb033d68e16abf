import { ProsePage } from "~/marketing/components/site-chrome";
import { PRODUCT_NAME } from "../../core/brand";
import { publicHeaders, publicMeta } from "~/marketing/public-meta";

export const meta = publicMeta({ title: `Privacy Policy · ${PRODUCT_NAME}`, description: `What ${PRODUCT_NAME} stores about you, why, and the choices you have.`, path: "/privacy" });
export const headers = publicHeaders;

export default function Privacy() {
  return (
    <ProsePage title="Privacy Policy">
      <p>{PRODUCT_NAME} stores only what it needs to provide the service.</p>
      <h2>What is stored</h2>
      <p>
        Your account (e-mail address and a salted password hash), your workspace and its members, the text you convert
        and the audio generated from it, and the sessions you are signed in with.
      </p>
      <h2>Your choices</h2>
      <p>
        You can opt out of product updates and of the use of your data for training, delete history items, and delete
        your account with all of its data. Privacy-law opt-outs and the Global Privacy Control are honoured.
      </p>
    </ProsePage>
  );
}
