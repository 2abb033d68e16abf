// The billing area's server side: the only module other areas and routes import (its internals are in server/).
export * from "./server/billing.server";
export * from "./server/extra-credits.server";
export * from "./server/invoices.server";
