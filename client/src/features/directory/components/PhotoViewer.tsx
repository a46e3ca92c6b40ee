import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import type { PublicPhoto } from '@shared/schemas/photos';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { Photo, photoAlt } from './Photo';

/**
 * The profile's photo viewer, loaded on first use (docs/decisions/0112-photos-on-the-public-site.md):
 * a Radix dialog (focus kept inside, Escape closes) showing one photo large, the left and right
 * arrow keys or the buttons for the previous and next (wrapping round), and on closing the focus
 * handed back to the thumbnail that opened it (`returnFocus`), not to the page's start.
 */
export default function PhotoViewer({
  photos,
  index,
  onIndexChange,
  contractorName,
  returnFocus,
}: {
  photos: readonly PublicPhoto[];
  index: number | null;
  onIndexChange: (index: number | null) => void;
  contractorName: string;
  returnFocus: () => void;
}) {
  const n = photos.length;
  const i = Math.min(index ?? 0, n - 1);
  const photo = photos[i]!;
  const go = (step: number) => onIndexChange((i + step + n) % n);
  const onKeyDown = (e: KeyboardEvent) => {
    if (n < 2) return;
    if (e.key === 'ArrowRight') {
      e.preventDefault();
      go(1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      go(-1);
    }
  };
  return (
    <Dialog open={index !== null} onOpenChange={(open) => !open && onIndexChange(null)}>
      <DialogContent
        className="max-w-5xl gap-3 p-4 sm:p-6"
        aria-describedby={undefined}
        onKeyDown={onKeyDown}
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          returnFocus();
        }}
        data-testid="photo-viewer"
      >
        <DialogTitle className="pr-8">{photo.caption || `Project photo by ${contractorName}`}</DialogTitle>
        <p className="text-sm text-muted-foreground" aria-live="polite">{`Photo ${i + 1} of ${n}`}</p>
        <div className="flex justify-center">
          <Photo
            key={photo.id}
            image={photo}
            alt={photoAlt(photo, i, contractorName)}
            sizes="(min-width: 1024px) 960px, 100vw"
            className="h-auto max-h-[70dvh] w-auto max-w-full object-contain"
          />
        </div>
        {n > 1 && (
          <div className="flex justify-between gap-2">
            <Button type="button" variant="outline" onClick={() => go(-1)} icon={ChevronLeft}>
              Previous
            </Button>
            <Button type="button" variant="outline" onClick={() => go(1)}>
              Next
              <ChevronRight className="h-4 w-4" aria-hidden="true" />
            </Button>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
