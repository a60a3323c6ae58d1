import { Download } from "lucide-react";
import { Form, Link } from "react-router";
import { entryCurrencyNote, entryDescription } from "#shared/credit-entries.ts";
import { formatDay } from "#shared/dates.ts";
import { formatAmount, signedCents } from "#shared/money.ts";
import type { CreditSummary, Statement } from "#shared/schemas/credit.ts";
import { buttonClass } from "#web/components/ui/button.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { TextField } from "#web/components/ui/text-field.tsx";
import { Token } from "#web/components/ui/token.tsx";
import { AccountFigures } from "./account-figures.tsx";

export type StatementPeriodErrors = Partial<Record<"from" | "to", string>>;

const usd = (value: string) => formatAmount("USD", value);
/** A debit or credit cell: empty when nothing moved that way. */
const moved = (value: string) => ((signedCents(value) ?? 0n) === 0n ? "" : usd(value));
const CELL = "px-3 py-2 align-top";
const AMOUNT = `${CELL} text-right`;

/** Nothing on account ever: a company on cash terms with no entry, no balance and none before the period. */
function neverOnAccount(summary: CreditSummary, statement: Statement | null): boolean {
  const zero = (v: string) => (signedCents(v) ?? 0n) === 0n;
  return (
    summary.terms === "cash" &&
    zero(summary.balance) &&
    zero(summary.unallocated) &&
    (!statement || (statement.entries.length === 0 && zero(statement.opening_balance) && zero(statement.closing_balance)))
  );
}

/** The period's form: a plain GET form, drawn by the server, so it works before (or without) the page's script. */
function PeriodForm({ from, to, errors }: { from: string; to: string; errors: StatementPeriodErrors }) {
  return (
    <Form method="get" aria-label="Statement period" className="flex flex-wrap items-start gap-3" data-statement-period="">
      <TextField
        label="From"
        name="from"
        type="date"
        defaultValue={from}
        error={errors.from}
        className="min-w-40 grow basis-40 sm:grow-0"
      />
      <TextField label="To" name="to" type="date" defaultValue={to} error={errors.to} className="min-w-40 grow basis-40 sm:grow-0" />
      <button type="submit" className={buttonClass("secondary", "sm:mt-6")}>
        Show statement
      </button>
    </Form>
  );
}

/** A phone's card of one line: its day, what it is, what it moved and the balance after it. */
function EntryCard({
  day,
  description,
  note = "",
  debit = "",
  credit = "",
  balance,
  strong = false,
  row,
}: {
  day: string;
  description: string;
  note?: string;
  debit?: string;
  credit?: string;
  balance: string;
  strong?: boolean;
  row: string;
}) {
  return (
    <li className={`px-4 py-3 ${strong ? "bg-slate-50" : ""}`} data-statement-card={row}>
      <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm text-slate-600">
        <Token>{formatDay(day)}</Token>
        <span>
          Balance <Token className="font-semibold text-slate-900">{usd(balance)}</Token>
        </span>
      </p>
      <p className={`mt-1 break-words text-slate-900 ${strong ? "font-semibold" : ""}`}>{description}</p>
      {note ? <p className="text-xs text-slate-600">{note}</p> : null}
      {debit || credit ? (
        <p className="mt-1 text-sm text-slate-800">
          {debit ? (
            <>
              Debit <Token className="font-medium">{debit}</Token>
            </>
          ) : (
            <>
              Credit <Token className="font-medium">{credit}</Token>
            </>
          )}
        </p>
      ) : null}
    </li>
  );
}

/** The entries as cards on a phone, as one table from md up: the page never scrolls sideways. */
function Entries({ statement }: { statement: Statement }) {
  return (
    <>
      <ul
        aria-label={`Statement entries, ${formatDay(statement.from)} to ${formatDay(statement.to)}, in USD`}
        className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white md:hidden"
      >
        <EntryCard row="opening" day={statement.from} description="Opening balance" balance={statement.opening_balance} strong />
        {statement.entries.length === 0 ? (
          <li className="px-4 py-6 text-center text-slate-700">Nothing was invoiced, credited or paid in this period.</li>
        ) : (
          statement.entries.map((e) => (
            <EntryCard
              key={`${e.kind}-${e.id}`}
              row={e.kind}
              day={e.date}
              description={entryDescription(e)}
              note={entryCurrencyNote(e)}
              debit={moved(e.debit)}
              credit={moved(e.credit)}
              balance={e.balance}
            />
          ))
        )}
        <EntryCard row="closing" day={statement.to} description="Closing balance" balance={statement.closing_balance} strong />
      </ul>
      <div className="max-md:hidden">
        <EntriesTable statement={statement} />
      </div>
    </>
  );
}

/** The entries between the opening and closing balances; where the column is narrow the table scrolls sideways in its region. */
function EntriesTable({ statement }: { statement: Statement }) {
  const period = `${formatDay(statement.from)} to ${formatDay(statement.to)}`;
  return (
    // The table keeps its five columns; on a phone it scrolls sideways inside this labelled region, never the page.
    <section
      aria-labelledby="statement-entries-caption"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways is reached by keyboard
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-accent-700"
    >
      <table className="w-full min-w-[36rem] border-collapse text-sm" data-statement-entries="">
        <caption id="statement-entries-caption" className="sr-only">
          Statement entries, {period}, in USD
        </caption>
        <thead className="border-b border-slate-300 bg-slate-50 text-left text-slate-700">
          <tr>
            <th scope="col" className={`${CELL} font-semibold`}>
              Date
            </th>
            <th scope="col" className={`${CELL} font-semibold`}>
              Description
            </th>
            <th scope="col" className={`${AMOUNT} font-semibold`}>
              Debit
            </th>
            <th scope="col" className={`${AMOUNT} font-semibold`}>
              Credit
            </th>
            <th scope="col" className={`${AMOUNT} font-semibold`}>
              Balance
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          <tr data-statement-row="opening" className="bg-slate-50/60">
            <td className={CELL}>
              <Token>{formatDay(statement.from)}</Token>
            </td>
            <th scope="row" className={`${CELL} text-left font-semibold text-slate-900`}>
              Opening balance
            </th>
            <td className={AMOUNT} />
            <td className={AMOUNT} />
            <td className={`${AMOUNT} font-semibold text-slate-900`}>
              <Token>{usd(statement.opening_balance)}</Token>
            </td>
          </tr>
          {statement.entries.length === 0 ? (
            <tr>
              <td colSpan={5} className={`${CELL} py-6 text-center text-slate-700`}>
                Nothing was invoiced, credited or paid in this period.
              </td>
            </tr>
          ) : (
            statement.entries.map((e) => {
              const note = entryCurrencyNote(e);
              return (
                <tr key={`${e.kind}-${e.id}`} data-statement-row={e.kind} data-reference={e.reference}>
                  <td className={CELL}>
                    <Token>{formatDay(e.date)}</Token>
                  </td>
                  <td className={`${CELL} text-slate-900`}>
                    <span className="block">{entryDescription(e)}</span>
                    {note ? <span className="block text-xs text-slate-600">{note}</span> : null}
                  </td>
                  <td className={AMOUNT}>
                    <Token>{moved(e.debit)}</Token>
                  </td>
                  <td className={AMOUNT}>
                    <Token>{moved(e.credit)}</Token>
                  </td>
                  <td className={`${AMOUNT} text-slate-900`}>
                    <Token>{usd(e.balance)}</Token>
                  </td>
                </tr>
              );
            })
          )}
          <tr data-statement-row="closing" className="bg-slate-50/60">
            <td className={CELL}>
              <Token>{formatDay(statement.to)}</Token>
            </td>
            <th scope="row" className={`${CELL} text-left font-semibold text-slate-900`}>
              Closing balance
            </th>
            <td className={AMOUNT} />
            <td className={AMOUNT} />
            <td className={`${AMOUNT} font-semibold text-slate-900`}>
              <Token>{usd(statement.closing_balance)}</Token>
            </td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}

function OpenInvoices({ statement }: { statement: Statement }) {
  return (
    <section aria-labelledby="statement-open" className="space-y-3">
      <h2 id="statement-open" className="text-xl font-semibold text-slate-900">
        Open invoices on {formatDay(statement.to)}
      </h2>
      {statement.open_invoices.length === 0 ? (
        <p className="text-slate-700">None: every invoice is paid.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" data-open-invoices="">
          {statement.open_invoices.map((i) => (
            <li key={i.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3" data-open-invoice={i.number}>
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">
                  <Token>{i.number}</Token>
                </p>
                <p className="text-sm text-slate-600">
                  Issued <Token>{formatDay(i.issued_on)}</Token>, due <Token>{formatDay(i.due_on)}</Token>
                </p>
              </div>
              <div className="sm:text-right">
                <p className="font-semibold text-slate-900">
                  <Token>{usd(i.open)}</Token>
                </p>
                <p className={`text-sm ${i.days_overdue > 0 ? "font-semibold text-red-800" : "text-slate-600"}`}>
                  {i.days_overdue > 0 ? `${i.days_overdue} ${i.days_overdue === 1 ? "day" : "days"} overdue` : "Not due yet"}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {statement.unallocated_payments.length > 0 ? (
        <>
          <h3 className="pt-2 text-base font-semibold text-slate-900">Payments not yet set against an invoice</h3>
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {statement.unallocated_payments.map((p) => (
              <li key={p.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3">
                <span className="min-w-0 text-sm text-slate-700">
                  <Token>{formatDay(p.received_on)}</Token> · {p.reference}
                </span>
                <Token className="font-semibold text-slate-900">{usd(p.open)}</Token>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/**
 * The company's statement of account for a period (decision 034): the period's form, the account's figures, each
 * entry with its running balance between the opening and closing balances, what is open, and the PDF and CSV of the
 * same period. A company that has never bought on account is told how it pays instead.
 */
export function StatementView({
  statement,
  summary,
  typed,
  errors,
}: {
  statement: Statement | null;
  summary: CreditSummary;
  typed: { from: string; to: string };
  errors: StatementPeriodErrors;
}) {
  const from = statement?.from ?? typed.from;
  const to = statement?.to ?? typed.to;
  const query = statement ? `?from=${statement.from}&to=${statement.to}` : "";
  if (neverOnAccount(summary, statement)) {
    return (
      <div className="space-y-6 text-base">
        <p className="max-w-prose text-lg text-slate-800" data-statement-cash="">
          Your company pays for each order before dispatch. Ask us about{" "}
          <Link to="/contact" className="font-medium text-accent-800 underline underline-offset-2">
            buying on account
          </Link>
          .
        </p>
        <PeriodForm from={from} to={to} errors={errors} />
      </div>
    );
  }
  return (
    <div className="space-y-8 text-base">
      <section aria-labelledby="statement-account" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <h2 id="statement-account" className="text-lg font-semibold text-slate-900">
          Your account today{statement ? `: ${statement.company.name}` : ""}
        </h2>
        <AccountFigures summary={summary} className="mt-3" />
      </section>

      <section aria-labelledby="statement-period" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="statement-period" className="text-xl font-semibold text-slate-900">
            {statement ? `Statement, ${formatDay(statement.from)} to ${formatDay(statement.to)}` : "Statement"}
          </h2>
          {statement ? (
            <div className="flex flex-wrap gap-3">
              <a href={`/api/dealer/statement.pdf${query}`} className={buttonClass("primary")} data-statement-download="pdf">
                <Download aria-hidden="true" className="size-4" /> Download PDF
              </a>
              <a href={`/api/dealer/statement.csv${query}`} className={buttonClass("outline")} data-statement-download="csv">
                <Download aria-hidden="true" className="size-4" /> Download CSV
              </a>
            </div>
          ) : null}
        </div>
        <PeriodForm from={from} to={to} errors={errors} />
        {statement ? <Entries statement={statement} /> : <EmptyState>Correct the period above to see its statement.</EmptyState>}
      </section>

      {statement ? <OpenInvoices statement={statement} /> : null}
    </div>
  );
}
