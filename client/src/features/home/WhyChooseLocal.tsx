import { Handshake, MapPinned, ShieldCheck, Snowflake } from 'lucide-react';
import { useRegion } from '@/lib/region';

const benefits = (stateName: string) => [
  {
    icon: MapPinned,
    title: 'They Know the Area',
    text: 'Local builders know the back roads, the soils and the township offices, so your project starts on the right foot.',
  },
  {
    icon: Snowflake,
    title: 'Built for Mountain Winters',
    text: 'Frost depth, snow loads and short building seasons are everyday work for contractors who live here.',
  },
  {
    icon: ShieldCheck,
    title: 'Licensed & Insured',
    text: `Listings are reviewed before they appear, including ${stateName} registration and insurance.`,
  },
  {
    icon: Handshake,
    title: 'Neighbors You Can Reach',
    text: 'When something needs a second look, your contractor is a short drive away, not a call center.',
  },
];

export function WhyChooseLocal() {
  const { stateName } = useRegion();
  return (
    <section className="container mx-auto px-4 py-12" aria-labelledby="why-heading">
      <h2 id="why-heading" className="text-2xl font-bold">
        Why Choose Local Contractors?
      </h2>
      <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {benefits(stateName).map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex flex-col gap-2">
            <Icon className="h-8 w-8 text-primary" aria-hidden="true" />
            <h3 className="font-semibold">{title}</h3>
            <p className="text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
