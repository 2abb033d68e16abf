import { ProsePage } from "~/marketing/components/site-chrome";
import { PRODUCT_NAME } from "../../core/brand";
import { publicHeaders, publicMeta } from "~/marketing/public-meta";

export const meta = publicMeta({ title: `About · ${PRODUCT_NAME}`, description: `${PRODUCT_NAME} is an open, self-hostable voice AI platform: text to speech, history, sharing and billing, built for the edge.`, path: "/about" });
export const headers = publicHeaders;

export default function About() {
  return (
    <ProsePage title={`About ${PRODUCT_NAME}`}>
      <p>
        {PRODUCT_NAME} is an open, self-hostable voice AI platform. It offers text to speech with a speech history, a
        global audio player, feedback and public sharing, inside workspaces with plans and billing.
      </p>
      <p>
        It is built for the edge: every part runs as a Cloudflare Worker with D1 for data, R2 for audio and video, and
        Queues for background work. The same code runs on a laptop under Wrangler with no account anywhere.
      </p>
      <h2>Open source</h2>
      <p>
        The platform is licensed under the GNU Affero General Public License, version 3 or later, because the parts it
        builds on (the espeak-ng synthesizer among them) are free software, and improvements to a network service should
        be shared with its users.
      </p>
    </ProsePage>
  );
}
