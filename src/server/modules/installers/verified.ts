import { and, eq, isNull } from "drizzle-orm";
import { dealers } from "../../db/schema/dealers.ts";
/** A verified dealer is approved (not suspended) with no expired document. */
export const verifiedDealer = () => and(eq(dealers.regStatus, "Approved"), isNull(dealers.documentsExpiredAt));
