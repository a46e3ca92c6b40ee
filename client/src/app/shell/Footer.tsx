import { Link } from 'wouter';
import { useRegion } from '@/lib/region';

/** The Resources column: the site's own pages. */
const RESOURCE_LINKS = [
  { href: '/blog', label: 'Blog' },
  { href: '/submit-business', label: 'Submit Your Business' },
  { href: '/contractor-pricing', label: 'Plans for Contractors' },
  { href: '/contractor/login', label: 'Contractor Login' },
  { href: '/gallery', label: 'Project Gallery' },
  { href: '/privacy', label: 'Privacy Policy' },
  { href: '/terms', label: 'Terms' },
] as const;

/** Footer: 6 of the service areas, 6 services, and the site links. */
export function Footer() {
  const region = useRegion();
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 border-t bg-secondary text-secondary-foreground">
      <div className="container mx-auto grid gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <h2 className="text-base font-semibold">{region.siteTitle}</h2>
          <p className="mt-2 text-sm">
            Connecting {region.county} homeowners with licensed, insured local contractors.
          </p>
        </div>
        <div>
          <h2 className="text-base font-semibold">Service Areas</h2>
          <ul className="mt-2 space-y-1 text-sm">
            {region.towns.slice(0, 6).map((t) => (
              <li key={t.slug}>{t.name}</li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="text-base font-semibold">Services</h2>
          <ul className="mt-2 space-y-1 text-sm">
            {region.homeSearchServices.slice(0, 6).map((s) => (
              <li key={s.value}>{s.label}</li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="text-base font-semibold">Resources</h2>
          <ul className="mt-2 space-y-1 text-sm">
            {RESOURCE_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className="underline-offset-4 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-secondary-foreground/20 py-4 text-center text-xs">
        © {year} {region.siteTitle}. Serving {region.displayName}.
      </div>
    </footer>
  );
}
