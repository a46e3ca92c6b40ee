import { NotFoundFrame } from '@/components/not-found-frame';
import { LinkButton } from '@/components/ui/button';

export default function NotFoundPage() {
  return (
    <NotFoundFrame
      title="Page Not Found"
      description="The page you are looking for does not exist."
      path="/404"
      message="Sorry, the page you're looking for doesn't exist or has been moved."
      mark={<p className="text-6xl font-bold text-primary">404</p>}
    >
      <LinkButton href="/" className="mt-6">
        Back to Home
      </LinkButton>
    </NotFoundFrame>
  );
}
