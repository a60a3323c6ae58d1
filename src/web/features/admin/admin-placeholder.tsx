/** A back-office screen whose tools arrive with their issue: its heading and what it will hold. */
export function AdminScreen({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 md:px-8">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <div className="mt-3 max-w-prose space-y-3 text-slate-700">{children}</div>
    </div>
  );
}
