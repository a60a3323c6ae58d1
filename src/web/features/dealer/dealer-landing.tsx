import { BadgeCheck, Handshake, Headset, Network, Percent, TrendingUp } from "lucide-react";
import { Link } from "react-router";
import type { PublicUser } from "#shared/schemas/auth.ts";
import { buttonClass } from "../../components/ui/button.ts";

const BENEFITS = [
  { title: "Increased Revenue", text: "Exclusive deals and dealer pricing on our whole range.", Icon: TrendingUp },
  { title: "Expanded Network", text: "Join a network of installers and suppliers across the country.", Icon: Network },
  { title: "Priority Support", text: "A direct line to our technical and sales teams.", Icon: Headset },
  { title: "Bulk Discounts", text: "Special discounts when you buy in bulk.", Icon: Percent },
  { title: "Verified Dealer Badge", text: "Show customers that the provider has verified your business.", Icon: BadgeCheck },
] as const;

const STEPS = [
  { title: "Input company details", text: "Your registered company name, trading name and registration number." },
  { title: "Upload tax clearance", text: "A current tax clearance certificate." },
  { title: "Upload IDs of directors", text: "Copies of the national IDs of your company's directors." },
  { title: "List installations", text: "At least three installations your team has completed." },
  { title: "Get verified", text: "Our team checks your company and documents." },
  { title: "Approved", text: "Immediate access to dealer benefits." },
] as const;

/** Spec §2/§6: the apply buttons show to a visitor and to role_id 1; dealers and admins do not see them. */
export function canApply(user: PublicUser | null): boolean {
  return !user || user.role_id === 1;
}

/** The dealer programme's landing page (spec §1, §2). */
export function DealerLanding({ user }: { user: PublicUser | null }) {
  const showApply = canApply(user);
  return (
    <div>
      <section className="on-dark bg-slate-900 px-4 py-16 text-white md:px-10 md:py-20">
        <div className="max-w-3xl">
          <p className="flex items-center gap-2 text-sm font-semibold tracking-wide text-accent-300 uppercase">
            <Handshake aria-hidden="true" className="size-5" /> Dealer programme
          </p>
          <h1 className="mt-3 text-3xl font-bold tracking-tight md:text-5xl">Become a Certified Dealer and Grow Your Business</h1>
          <p className="mt-4 text-lg text-slate-200">
            Partner with us to sell and install quality solar equipment, with dealer pricing, support and a verified badge.
          </p>
          <p className="mt-8 flex flex-wrap gap-3">
            {showApply ? (
              <Link to="/dealer/register" className={buttonClass("primary")}>
                Apply Now
              </Link>
            ) : null}
            <a href="#benefits" aria-label="Learn More about the dealer benefits" className={buttonClass("inverse")}>
              Learn More
            </a>
          </p>
        </div>
      </section>

      <section id="benefits" aria-labelledby="benefits-heading" className="scroll-mt-32 px-4 py-14 md:px-10">
        <h2 id="benefits-heading" className="text-2xl font-bold tracking-tight md:text-3xl">
          Dealer Benefits
        </h2>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
          {BENEFITS.map(({ title, text, Icon }) => (
            <li key={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <Icon aria-hidden="true" className="size-8 text-accent-700" />
              <h3 className="mt-3 text-lg font-semibold">{title}</h3>
              <p className="mt-1 text-slate-700">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="process-heading" className="bg-slate-50 px-4 py-14 md:px-10">
        <h2 id="process-heading" className="text-2xl font-bold tracking-tight md:text-3xl">
          Registration Process
        </h2>
        <ol className="mt-8 space-y-6 border-l-2 border-accent-500 pl-6">
          {STEPS.map((step, i) => (
            <li key={step.title} className="relative">
              <span
                aria-hidden="true"
                className="absolute top-0 -left-[2.4rem] inline-flex size-7 items-center justify-center rounded-full bg-accent-700 text-sm font-bold text-white"
              >
                {i + 1}
              </span>
              <h3 className="text-lg font-semibold">
                <span className="sr-only">Step {i + 1}: </span>
                {step.title}
              </h3>
              <p className="text-slate-700">{step.text}</p>
            </li>
          ))}
        </ol>
        {showApply ? (
          <p className="mt-10">
            <Link to="/dealer/register" className={buttonClass("primary")}>
              Start Application
            </Link>
          </p>
        ) : null}
      </section>
    </div>
  );
}
