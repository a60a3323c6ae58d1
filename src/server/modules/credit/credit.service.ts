import { and, eq, inArray, sql } from "drizzle-orm";
import { can } from "#shared/can.ts";
import { harareDate } from "#shared/dates.ts";
import { centsToDecimal, signedCents, toUsdCents } from "#shared/money.ts";
import {
  AGEING_BUCKETS,
  type Ageing,
  type AllocatePaymentInput,
  CREDIT_TERMS_LABELS,
  type CreditSummary,
  type CreditTerms,
  DEFAULT_CREDIT_HOLD_DAYS,
  DUE_SOON_DAYS,
  dueDateOf,
  holdMessage,
  overLimitMessage,
  type RecordPaymentInput,
  type SetCreditTermsInput,
  type Statement,
  type StatementQuery,
} from "#shared/schemas/credit.ts";
import { daysUntil } from "#shared/schemas/documents.ts";
import type { Db, Tx } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { accountPayments, creditReminders, paymentAllocations } from "../../db/schema/credit.ts";
import { dealers } from "../../db/schema/dealers.ts";
import { type Actor, requireStaff, requireStepUp, requireUser, type SignedIn, staffOf } from "../../platform/auth/actor.ts";
import { ConflictError, FieldError, ForbiddenError, NotFoundError } from "../../platform/errors.ts";
import { queueMails } from "../../platform/mailer/mail-queue.ts";
import type { Mailer } from "../../platform/mailer/mailer.ts";
import type { AuditService } from "../audit/audit.service.ts";
import type { SettingsService } from "../content/settings.service.ts";
import type { RatesService } from "../money/rates.service.ts";
import {
  type AccountRows,
  ageingOf,
  invoicesOf,
  ledgerBalanceCents,
  ledgerEntries,
  planAllocation,
  summaryOf,
  unallocatedOf,
} from "./credit-account.ts";
import { creditReminder } from "./credit-mail.ts";
import { accountRows, type CreditCompany, creditCompanies, lockCompany } from "./credit-reads.ts";
import { statementFileName, statementPdf } from "./statement-pdf.ts";

export type CreditDeps = {
  db: Db;
  /** The statement e-mails, queued in the transaction that marks them sent. */
  mailer?: Mailer;
  siteUrl?: string;
  settings: Pick<SettingsService, "get">;
  rates: Pick<RatesService, "exchangeRateOn">;
  audit: AuditService;
  now?: () => Date;
};

type Exec = Db | Tx;

/** The companies on terms, or with anything ever ordered on account. */
const ON_ACCOUNT = sql`${dealers.creditTerms} <> 'cash' or exists (select 1 from orders o where o.user_id = ${dealers.userId} and o.payment_terms = 'account')`;

/**
 * Dealers who buy on account (decision 034): a company's terms and limit, what it owes and may still spend, orders
 * charged to it under a lock, payments recorded and allocated, the statement, the ageing report and the reminders.
 */
export function createCreditService({ db, mailer, siteUrl = "", settings, rates, audit, now = () => new Date() }: CreditDeps) {
  const holdDays = async (exec: Exec = db) => (await settings.get(exec)).creditHoldDays ?? DEFAULT_CREDIT_HOLD_DAYS;

  async function companyOf(exec: Exec, companyUserId: number): Promise<CreditCompany> {
    const [company] = await creditCompanies(exec, eq(dealers.userId, companyUserId));
    if (!company) throw new NotFoundError("Dealer not found.");
    return company;
  }

  async function rowsOf(exec: Exec, company: CreditCompany, until?: string): Promise<AccountRows> {
    return (await accountRows(exec, [company], until)).get(company.userId) as AccountRows;
  }

  /** The account's figures today, read in `exec`. */
  async function summaryIn(exec: Exec, company: CreditCompany): Promise<CreditSummary> {
    const [rows, days] = await Promise.all([rowsOf(exec, company), holdDays(exec)]);
    return summaryOf(rows, harareDate(now()), days);
  }

  /** Whose account `actor` may read: its own company's (not a technician's), any for the back office. */
  function mayRead(actor: Actor, companyUserId: number): SignedIn {
    const user = requireUser(actor);
    // Decision 035: the back office reads a company's account with dealers.read (its page shows it).
    if (staffOf(user)) requireStaff(user, "dealers.read");
    if (!can.readPastAmounts(user, companyUserId))
      throw can.enterBackOffice(user) ? new NotFoundError("Dealer not found.") : new ForbiddenError();
    return user;
  }

  /** Allocates `paymentId`'s `plan` in `tx`, oldest first or by hand; 400 on `allocations.<i>.amount` for a bad line. */
  async function allocateIn(
    tx: Tx,
    rows: AccountRows,
    paymentId: number,
    byHand: RecordPaymentInput["allocations"],
    by: number | null,
    at: Date,
  ): Promise<{ invoiceId: number; cents: bigint }[]> {
    const left = unallocatedOf(rows).get(paymentId) ?? 0n;
    const plan = planAllocation(invoicesOf(rows), left, byHand);
    if (plan.refused) throw new FieldError(plan.refused.message, `allocations.${plan.refused.index}.amount`);
    if (plan.allocations.length) {
      await tx.insert(paymentAllocations).values(
        plan.allocations.map((a) => ({
          paymentId,
          invoiceId: a.invoiceId,
          amountUsd: centsToDecimal(a.cents),
          allocatedBy: by,
          createdAt: at,
        })),
      );
      for (const a of plan.allocations) rows.allocations.push({ paymentId, invoiceId: a.invoiceId, amountUsd: centsToDecimal(a.cents) });
    }
    return plan.allocations;
  }

  /** The statement of `company` for a period: opening balance, the entries, closing balance and what is open. */
  async function statementOf(company: CreditCompany, query: StatementQuery): Promise<Statement> {
    const today = harareDate(now());
    const to = query.to ?? today;
    const from = query.from ?? `${to.slice(0, 8)}01`;
    const [rows, days] = await Promise.all([rowsOf(db, company, to), holdDays()]);
    const before: AccountRows = {
      ...rows,
      documents: rows.documents.filter((d) => d.issuedOn < from),
      payments: rows.payments.filter((p) => p.receivedOn < from),
    };
    const opening = ledgerBalanceCents(before);
    const entries = ledgerEntries(rows, opening, (day) => day >= from && day <= to);
    return {
      company: { user_id: company.userId, name: company.name },
      from,
      to,
      currency: "USD",
      opening_balance: centsToDecimal(opening),
      closing_balance: centsToDecimal(ledgerBalanceCents(rows)),
      entries,
      summary: summaryOf(await rowsOf(db, company), today, days),
      open_invoices: invoicesOf(rows)
        .filter((i) => i.openCents > 0n)
        .map((i) => ({
          id: i.id,
          number: i.number,
          issued_on: i.issuedOn,
          due_on: i.dueOn,
          open: centsToDecimal(i.openCents),
          days_overdue: Math.max(0, -daysUntil(i.dueOn, to)),
        })),
      unallocated_payments: rows.payments.flatMap((p) => {
        const left = unallocatedOf(rows).get(p.id) ?? 0n;
        return left > 0n
          ? [{ id: p.id, received_on: p.receivedOn, reference: `${p.method}: ${p.reference}`, open: centsToDecimal(left) }]
          : [];
      }),
    };
  }

  return {
    /** `GET /api/dealer/credit`: the signed-in company's terms and figures (its owner and buyers). */
    async myCredit(actor: Actor): Promise<CreditSummary> {
      const user = mayRead(actor, requireUser(actor).companyUserId);
      return summaryIn(db, await companyOf(db, user.companyUserId));
    },

    /** A company's figures for the back office (and for its own pages). */
    async companyCredit(actor: Actor, companyUserId: number): Promise<CreditSummary & { company: string }> {
      mayRead(actor, companyUserId);
      const company = await companyOf(db, companyUserId);
      return { ...(await summaryIn(db, company)), company: company.name };
    },

    /** The figures of the companies named, read together (the dealer pages' banner: no query per page beyond this). */
    async summaryForPage(actor: Actor): Promise<CreditSummary | null> {
      if (!actor || !can.readPastAmounts(actor, actor.companyUserId) || !can.enterDealerArea(actor)) return null;
      const [company] = await creditCompanies(db, eq(dealers.userId, actor.companyUserId));
      return company ? summaryIn(db, company) : null;
    },

    /** A company's terms and limit (decision 034: only a super administrator; audited with before and after). */
    async setTerms(actor: Actor, companyUserId: number, input: SetCreditTermsInput): Promise<CreditSummary> {
      // Decision 035: terms and a limit let a company owe money, so dealers.terms and a fresh second factor.
      const admin = requireStepUp(requireStaff(actor, "dealers.terms"));
      const limit = input.terms === "cash" ? "0.00" : centsToDecimal(signedCents(input.limit) ?? 0n);
      return db.transaction(async (tx) => {
        const company = await lockCompany(tx, companyUserId);
        if (!company) throw new NotFoundError("Dealer not found.");
        await tx
          .update(dealers)
          .set({ creditTerms: input.terms, creditLimitUsd: limit, updatedAt: now() })
          .where(eq(dealers.userId, companyUserId));
        await audit.record(tx, admin, {
          entity: "dealer",
          entityId: companyUserId,
          action: "credit-terms",
          summary: `${company.name}: ${CREDIT_TERMS_LABELS[company.terms]}, limit USD ${company.limitUsd} → ${CREDIT_TERMS_LABELS[input.terms]}, limit USD ${limit}`,
          before: { terms: company.terms, limit: company.limitUsd },
          after: { terms: input.terms, limit },
        });
        return summaryIn(tx, { ...company, terms: input.terms, limitUsd: limit });
      });
    },

    /**
     * Charges an order of `usdCents` to the company's account inside the order's transaction (`tx`): the company's
     * row is locked first, so two orders at once are decided one after the other and never overspend the limit.
     * Answers the day it falls due; refuses a company on cash terms or on hold, and an order over the credit left
     * (400 on `payment`, saying by how much).
     */
    async chargeOnAccount(tx: Tx, companyUserId: number, usdCents: bigint, day: string): Promise<{ dueOn: string; terms: CreditTerms }> {
      const company = await lockCompany(tx, companyUserId);
      const dueOn = company ? dueDateOf(company.terms, day) : null;
      if (!company || dueOn === null)
        throw new FieldError("Your company does not buy on account: pay for the order before dispatch.", "paymentTerms");
      const summary = await summaryIn(tx, company);
      if (summary.hold) throw new FieldError(holdMessage(summary.hold), "paymentTerms");
      const available = signedCents(summary.available) ?? 0n;
      if (usdCents > available) throw new FieldError(overLimitMessage(centsToDecimal(usdCents - available)), "paymentTerms");
      return { dueOn, terms: company.terms };
    },

    /**
     * Gives the company's unallocated credit to its open invoices, oldest due first, in `tx`: called when an order on
     * account is invoiced, so money paid ahead settles it at once.
     */
    async applyCredit(tx: Tx, companyUserId: number, at: Date): Promise<void> {
      const company = await lockCompany(tx, companyUserId);
      if (!company) return;
      const rows = await rowsOf(tx, company);
      for (const [paymentId, left] of unallocatedOf(rows)) {
        if (left > 0n) await allocateIn(tx, rows, paymentId, [], null, at);
      }
    },

    /**
     * `POST /api/dealers/{id}/payments`: a payment an admin saw arrive, in USD or the secondary currency (at the rate
     * of the day it arrived), allocated oldest first or by hand; what is left stays a credit on the account. Audited.
     */
    async recordPayment(actor: Actor, companyUserId: number, input: RecordPaymentInput) {
      const admin = requireStaff(actor, "orders.payments");
      const site = await settings.get();
      if (input.currency !== "USD" && input.currency !== site.secondaryCurrency) {
        throw new FieldError(`Choose USD or ${site.secondaryCurrency}.`, "currency");
      }
      const today = harareDate(now());
      if (input.receivedOn > today) throw new FieldError("The day the money arrived cannot be after today.", "receivedOn");
      const amountCents = signedCents(input.amount) ?? 0n;
      let exchangeRate: string | null = null;
      let usdCents = amountCents;
      if (input.currency !== "USD") {
        const rate = await rates.exchangeRateOn(input.currency as "ZWG", input.receivedOn);
        if (!rate)
          throw new FieldError(
            `No ${input.currency} rate is in force on ${input.receivedOn}: enter the rate first, or record it in USD.`,
            "currency",
          );
        exchangeRate = rate.rate;
        usdCents = toUsdCents(amountCents, rate.rate);
        if (usdCents <= 0n) throw new FieldError("The amount is less than a cent in USD.", "amount");
      }
      const at = now();
      return db.transaction(async (tx) => {
        const company = await lockCompany(tx, companyUserId);
        if (!company) throw new NotFoundError("Dealer not found.");
        const [payment] = await tx
          .insert(accountPayments)
          .values({
            companyUserId,
            receivedOn: input.receivedOn,
            currency: input.currency,
            amount: centsToDecimal(amountCents),
            exchangeRate,
            amountUsd: centsToDecimal(usdCents),
            method: input.method,
            reference: input.reference,
            recordedBy: admin.id,
            createdAt: at,
          })
          .returning({ id: accountPayments.id });
        if (!payment) throw new Error("payment insert returned nothing");
        const rows = await rowsOf(tx, company);
        const allocated = await allocateIn(tx, rows, payment.id, input.allocations, admin.id, at);
        await audit.record(tx, admin, {
          entity: "account_payment",
          entityId: payment.id,
          action: "record",
          summary: `${company.name}: ${input.currency} ${centsToDecimal(amountCents)} by ${input.method} (${input.reference}) received ${input.receivedOn}`,
          after: {
            ...input,
            amountUsd: centsToDecimal(usdCents),
            allocated: allocated.map((a) => ({ invoiceId: a.invoiceId, usd: centsToDecimal(a.cents) })),
          },
        });
        return { id: payment.id, amount_usd: centsToDecimal(usdCents), summary: await summaryIn(tx, company) };
      });
    },

    /** An unallocated credit given to invoices by hand (admins; audited). */
    async allocatePayment(actor: Actor, companyUserId: number, paymentId: number, input: AllocatePaymentInput): Promise<CreditSummary> {
      const admin = requireStaff(actor, "orders.payments");
      const at = now();
      return db.transaction(async (tx) => {
        const company = await lockCompany(tx, companyUserId);
        if (!company) throw new NotFoundError("Dealer not found.");
        const rows = await rowsOf(tx, company);
        if (!rows.payments.some((p) => p.id === paymentId)) throw new NotFoundError("Payment not found.");
        if ((unallocatedOf(rows).get(paymentId) ?? 0n) <= 0n) throw new ConflictError("This payment is already allocated in full.");
        const allocated = await allocateIn(tx, rows, paymentId, input.allocations, admin.id, at);
        await audit.record(tx, admin, {
          entity: "account_payment",
          entityId: paymentId,
          action: "allocate",
          summary: `${company.name}: payment ${paymentId} allocated by hand`,
          after: allocated.map((a) => ({ invoiceId: a.invoiceId, usd: centsToDecimal(a.cents) })),
        });
        return summaryIn(tx, company);
      });
    },

    /** `GET /api/dealers/{id}/ledger` and the dealer's `/dealer/statement`: a period's statement of the company's account. */
    async statement(actor: Actor, companyUserId: number, query: StatementQuery = {}): Promise<Statement> {
      mayRead(actor, companyUserId);
      return statementOf(await companyOf(db, companyUserId), query);
    },

    /**
     * The reminders job (`credit.reminders`, hourly): each open invoice on account gets one e-mail to the company's
     * owner when it is DUE_SOON_DAYS or fewer from its due day, and one once it is overdue (a late run sends only the
     * overdue one), with the statement attached. An invoice is marked in `credit_reminders` in the transaction that
     * queues its e-mail, so two processes or a repeated run never send it twice.
     */
    async sendReminders(): Promise<{ mails: number }> {
      if (!mailer) return { mails: 0 };
      const at = now();
      const today = harareDate(at);
      const companies = await creditCompanies(db, ON_ACCOUNT);
      const all = await accountRows(db, companies);
      const site = { ...(await settings.get()), siteUrl };
      const days = site.creditHoldDays ?? DEFAULT_CREDIT_HOLD_DAYS;
      let mails = 0;
      for (const company of companies) {
        const open = invoicesOf(all.get(company.userId) as AccountRows).filter((i) => i.openCents > 0n);
        const wanted = {
          overdue: open.filter((i) => i.dueOn < today),
          due_soon: open.filter((i) => i.dueOn >= today && daysUntil(i.dueOn, today) <= DUE_SOON_DAYS),
        };
        for (const kind of ["overdue", "due_soon"] as const) {
          const ids = wanted[kind].map((i) => i.id);
          if (ids.length === 0) continue;
          const sent = await db
            .select({ invoiceId: creditReminders.invoiceId })
            .from(creditReminders)
            .where(and(inArray(creditReminders.invoiceId, ids), eq(creditReminders.kind, kind)));
          const fresh = wanted[kind].filter((i) => !sent.some((s) => s.invoiceId === i.id));
          if (fresh.length === 0) continue;
          // Read before the transaction: PGlite's one connection is the transaction's until it ends.
          const oldest = open[0]?.issuedOn ?? today;
          const statement = await statementOf(company, { from: `${oldest.slice(0, 8)}01`, to: today });
          const pdf = await statementPdf(statement, site);
          const [owner] = await db.select({ email: users.email, fullName: users.fullName }).from(users).where(eq(users.id, company.userId));
          if (!owner) continue;
          mails += await db.transaction(async (tx) => {
            const claimed = await tx
              .insert(creditReminders)
              .values(fresh.map((i) => ({ invoiceId: i.id, kind, sentAt: at })))
              .onConflictDoNothing()
              .returning({ invoiceId: creditReminders.invoiceId });
            const invoices = fresh.filter((i) => claimed.some((c) => c.invoiceId === i.id));
            if (invoices.length === 0) return 0;
            const mail = creditReminder({
              site,
              owner,
              statement,
              kind,
              holdDays: days,
              invoices: invoices.map((i) => ({
                number: i.number,
                dueOn: i.dueOn,
                open: centsToDecimal(i.openCents),
                daysOverdue: Math.max(0, -daysUntil(i.dueOn, today)),
              })),
              pdf,
              fileName: statementFileName(statement, "pdf"),
            });
            await queueMails(mailer, tx, [mail]);
            return 1;
          });
        }
      }
      return { mails };
    },

    /**
     * The back office's ageing report on a day (Harare): each company with anything open or on account, its open
     * invoices by days overdue (current, 1–30, 31–60, 61–90, over 90), and the totals.
     */
    async ageing(actor: Actor, on?: string): Promise<Ageing> {
      requireStaff(actor, "orders.payments");
      const day = on ?? harareDate(now());
      const companies = await creditCompanies(db, ON_ACCOUNT);
      const [all, days] = await Promise.all([accountRows(db, companies, day), holdDays()]);
      const totals = Object.fromEntries(AGEING_BUCKETS.map((b) => [b, 0n])) as Record<(typeof AGEING_BUCKETS)[number], bigint>;
      let grand = 0n;
      const rows = companies.map((company) => {
        const account = all.get(company.userId) as AccountRows;
        const buckets = ageingOf(account, day);
        let total = 0n;
        for (const b of AGEING_BUCKETS) {
          total += buckets[b];
          totals[b] += buckets[b];
        }
        grand += total;
        const summary = summaryOf(account, day, days);
        return {
          user_id: company.userId,
          company: company.name,
          terms: company.terms,
          limit: company.limitUsd,
          ...(Object.fromEntries(AGEING_BUCKETS.map((b) => [b, centsToDecimal(buckets[b])])) as Record<
            (typeof AGEING_BUCKETS)[number],
            string
          >),
          total: centsToDecimal(total),
          unallocated: summary.unallocated,
          on_hold: summary.hold !== null,
        };
      });
      return {
        on: day,
        currency: "USD",
        rows,
        totals: {
          ...(Object.fromEntries(AGEING_BUCKETS.map((b) => [b, centsToDecimal(totals[b])])) as Record<
            (typeof AGEING_BUCKETS)[number],
            string
          >),
          total: centsToDecimal(grand),
        },
      };
    },
  };
}

export type CreditService = ReturnType<typeof createCreditService>;
