import { Link } from 'wouter';
import { useRegion } from '@/lib/region';

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
            <li>
              <Link href="/blog" className="underline-offset-4 hover:underline">
                Blog
              </Link>
            </li>
            <li>
              <Link href="/submit-business" className="underline-offset-4 hover:underline">
                Submit Your Business
              </Link>
            </li>
            <li>
              <Link href="/contractor-pricing" className="underline-offset-4 hover:underline">
                Plans for Contractors
              </Link>
            </li>
            <li>
              <Link href="/contractor/login" className="underline-offset-4 hover:underline">
                Contractor Login
              </Link>
            </li>
            <li>
              <Link href="/gallery" className="underline-offset-4 hover:underline">
                Project Gallery
              </Link>
            </li>
            <li>
              <Link href="/privacy" className="underline-offset-4 hover:underline">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link href="/terms" className="underline-offset-4 hover:underline">
                Terms
              </Link>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-secondary-foreground/20 py-4 text-center text-xs">
        © {year} {region.siteTitle}. Serving {region.displayName}.
      </div>
    </footer>
  );
}
