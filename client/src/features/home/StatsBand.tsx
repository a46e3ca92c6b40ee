const STATS = [
  { value: '10+', label: 'Verified Contractors' },
  { value: '500+', label: 'Projects Completed' },
  { value: '100%', label: 'Licensed & Insured' },
  { value: 'Free', label: 'Quotes Available' },
];

export function StatsBand() {
  return (
    <section aria-label="At a glance" className="border-b bg-secondary">
      <dl className="container mx-auto grid grid-cols-2 gap-6 px-4 py-8 text-center md:grid-cols-4">
        {STATS.map((s) => (
          <div key={s.label} className="flex flex-col-reverse">
            <dt className="text-sm text-secondary-foreground">{s.label}</dt>
            <dd className="text-3xl font-bold text-primary">{s.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
