// The quota is computed in core: the Studio queue consumer charges against it too (decision 0058).
export { currentQuota } from "../../../core/billing/quota.server";
