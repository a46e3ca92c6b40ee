import { Clock, DollarSign } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { ServicePageLinks } from '@/features/directory';
import { useRegion } from '@/lib/region';

export function ProjectOverview() {
  const region = useRegion();
  return (
    <section className="bg-muted py-12" aria-labelledby="overview-heading">
      <div className="container mx-auto px-4">
        <h2 id="overview-heading" className="text-2xl font-bold">
          Services Overview
        </h2>
        <p className="text-muted-foreground">Typical costs and timelines for projects in {region.county}</p>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {region.projectOverview.map((p) => (
            <li key={p.title}>
              <Card className="h-full p-5">
                <h3 className="text-lg font-semibold">{p.title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{p.description}</p>
                <p className="mt-4 flex items-center gap-2 font-semibold text-primary">
                  <DollarSign className="h-4 w-4" aria-hidden="true" />
                  {p.price}
                </p>
                <p className="mt-1 flex items-center gap-2 text-sm">
                  <Clock className="h-4 w-4" aria-hidden="true" />
                  {p.duration}
                </p>
              </Card>
            </li>
          ))}
        </ul>
        {/* The county's service pages, so visitors and crawlers find them (docs/decisions/0030-service-pages.md). */}
        <ServicePageLinks town={null} className="mt-8" />
      </div>
    </section>
  );
}
