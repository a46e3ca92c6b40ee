import { Link } from 'wouter';
import { Head } from '@/components/head';
import { useHttpStatus } from '@/lib/server-context';
import { Button } from '@/components/ui/button';
import { useRegion } from '@/lib/region';

export default function NotFoundPage() {
  const region = useRegion();
  useHttpStatus(404);
  return (
    <div className="container mx-auto flex flex-col items-center px-4 py-24 text-center">
      <Head
        title={`Page Not Found | ${region.siteTitle}`}
        description="The page you are looking for does not exist."
        path="/404"
        robots="noindex, follow"
      />
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="mt-4 text-2xl font-bold">Page Not Found</h1>
      <p className="mt-2 text-muted-foreground">Sorry, the page you're looking for doesn't exist or has been moved.</p>
      <Button asChild className="mt-6">
        <Link href="/">Back to Home</Link>
      </Button>
    </div>
  );
}
