/** The page action the share dialog posts to (app/routes/app.sharing.tsx): it creates links and saves the public name. */
export const SHARE_ACTION_PATH = "/app/sharing";

/** Its answer to `create-link`: the same fields as GET /v1/history/{id}/share-link. */
export type ShareLinkAnswer = { share_link: string; public_user_name: string };
/** Its answer to `public-name`. */
export type PublicNameAnswer = { status: "ok" };
