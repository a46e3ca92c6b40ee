import { ShieldCheck, TrendingUp, Users } from 'lucide-react';
import { region } from '@shared/region';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const benefits = [
  { icon: ShieldCheck, title: 'Get Verified', text: 'We check your license and insurance, so homeowners know they can trust your business.' },
  { icon: Users, title: 'Quality Leads', text: `Receive quote requests from homeowners in ${region.county} who are ready to start their projects.` },
  { icon: TrendingUp, title: 'Grow Your Business', text: 'Reach more local customers and build your reputation across the county.' },
];

export function BenefitCards() {
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {benefits.map(({ icon: Icon, title, text }) => (
        <li key={title}>
          <Card className="h-full">
            <CardHeader className="items-center text-center">
              <Icon className="h-10 w-10 text-primary" aria-hidden="true" />
              <CardTitle>{title}</CardTitle>
            </CardHeader>
            <CardContent className="text-center text-sm text-muted-foreground">{text}</CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
