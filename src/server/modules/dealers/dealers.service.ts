import { createApplicationService } from "./dealer-application.ts";
import { createReviewService } from "./dealer-review.ts";
import { createDealersContext, type DealersDeps } from "./dealers-context.ts";

// The dealers service's public face: the applicant's half is in dealer-application.ts, the back office's review in
// dealer-review.ts, what they read and share in application-read.ts and dealers-context.ts.

export {
  ADMINS_CANNOT_APPLY,
  APPROVED_LOCKED,
  DUPLICATE_INSTALLATION,
  OWN_APPLICATION_ONLY,
  SUSPENDED_LOCKED,
} from "./dealer-application.ts";
export type { DealersDeps } from "./dealers-context.ts";
export { currentDocuments } from "./document-view.ts";

/**
 * The dealer programme: a user's company application, installations, the reg_status lifecycle and the
 * review of each document. Every rule and authorization check of the dealer routes is in this service.
 */
export function createDealersService(deps: DealersDeps) {
  const context = createDealersContext(deps);
  const application = createApplicationService(context);
  return { ...application, ...createReviewService(context, application) };
}

export type DealersService = ReturnType<typeof createDealersService>;
