import { ShieldCheck, TrendingUp, Users } from 'lucide-react';
import { useRegion } from '@/lib/region';
import { Card, CardContent, CardHeader } from '@/components/ui/card';

const benefits = (county: string) => [
  {
    icon: ShieldCheck,
    title: 'Get Verified',
    text: 'We check your license and insurance, so homeowners know they can trust your business.',
  },
  {
    icon: Users,
    title: 'Quality Leads',
    text: `Receive quote requests from homeowners in ${county} who are ready to start their projects.`,
  },
  {
    icon: TrendingUp,
    title: 'Grow Your Business',
    text: 'Reach more local customers and build your reputation across the county.',
  },
];

export function BenefitCards() {
  const { county } = useRegion();
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {benefits(county).map(({ icon: Icon, title, text }) => (
        <li key={title}>
          <Card className="h-full">
            <CardHeader className="items-center text-center">
              <Icon className="h-10 w-10 text-primary" aria-hidden="true" />
              {/* h2, not CardTitle's h3: the cards follow the page's h1 directly, and levels are not skipped. */}
              <h2 className="text-lg font-semibold leading-tight">{title}</h2>
            </CardHeader>
            <CardContent className="text-center text-sm text-muted-foreground">{text}</CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
