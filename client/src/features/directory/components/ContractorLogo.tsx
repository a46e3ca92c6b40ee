import type { PublicPhoto } from '@shared/schemas/photos';
import { cn } from '@/lib/cn';
import { Photo } from './Photo';

/**
 * A contractor's approved logo in a square box of `size` CSS pixels, the image contained (logos are
 * of any shape); nothing without one. Decorative beside the name it stands next to (alt="").
 */
export function ContractorLogo({
  logo,
  size,
  lazy = false,
  className,
}: {
  logo: PublicPhoto | null;
  size: 48 | 64;
  lazy?: boolean;
  className?: string;
}) {
  if (!logo) return null;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-md border bg-white',
        size === 48 ? 'h-12 w-12' : 'h-16 w-16',
        className,
      )}
      data-testid="contractor-logo"
    >
      <Photo image={logo} alt="" sizes={`${size}px`} lazy={lazy} className="h-full w-full object-contain" />
    </span>
  );
}
