import { ProsePage } from "~/marketing/components/site-chrome";
import { PRODUCT_NAME } from "../../core/brand";
import { publicHeaders, publicMeta } from "~/marketing/public-meta";

export const meta = publicMeta({ title: `Terms of Service · ${PRODUCT_NAME}`, description: `The terms that apply when you use ${PRODUCT_NAME}.`, path: "/terms" });
export const headers = publicHeaders;

export default function Terms() {
  return (
    <ProsePage title="Terms of Service">
      <p>
        These terms govern the use of a {PRODUCT_NAME} installation. The operator of each installation is responsible
        for the service it provides and may add its own terms.
      </p>
      <h2>Your content</h2>
      <p>You keep the rights to the text you submit and the audio you generate, subject to the rights of others.</p>
      <h2>Acceptable use</h2>
      <p>
        Do not use the service to impersonate people without their consent, to deceive, to harass, or to break the law.
      </p>
      <h2>Software licence</h2>
      <p>The software is provided under the AGPL-3.0-or-later, without warranty.</p>
    </ProsePage>
  );
}
