// Column groups that name the product's own rows (companies, accounts). Apart from columns.ts,
// which identity.ts uses too, so that neither file imports the other.
import { pointsTo, ownedBy, timestamptz } from "./columns.ts";
import { accounts, companies } from "./identity.ts";

/** The company a row belongs to: the row is deleted with the company. */
export const companyRef = () => ownedBy("company_id", () => companies.id);

/** Who decided a request and when; both null while it waits. */
export const decision = () => ({
  decidedBy: pointsTo("decided_by", () => accounts.id),
  decidedAt: timestamptz("decided_at"),
});

/** Who last changed a company's setting, and when. */
export const lastEdit = () => ({
  updatedBy: pointsTo("updated_by", () => accounts.id),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
});
