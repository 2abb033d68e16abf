// The accounts area's server side: the only module other areas and routes import (its internals are in server/).
export * from "./server/account-settings.server";
export * from "./server/accounts.server";
export * from "./server/action-codes.server";
export * from "./server/actor.server";
export * from "./server/api-keys.server";
export * from "./server/attribution.server";
export * from "./server/auth.server";
export * from "./server/mail-templates.server";
export * from "./server/mail.server";
export { devTextMessages, DEV_AUTH_TOKEN } from "./server/text-messages.server";
export * from "./server/onboarding.server";
export * from "./server/permissions.server";
export * from "./server/sign-in.server";
export * from "./server/sign-up.server";
export * from "./server/support-access.server";
export * from "./server/throttle.server";
export * from "./server/tokens.server";
export * from "./server/two-factor.server";
