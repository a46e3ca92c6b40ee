import { Images } from 'lucide-react';
import { lazy, Suspense, useRef, useState, type MouseEvent } from 'react';
import type { PublicPhoto } from '@shared/schemas/photos';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { largestOf, Photo, photoAlt } from './Photo';

// The viewer (Radix Dialog and its handlers) loads when someone reaches for a photo, not with the
// page: the public JavaScript budget (docs/decisions/0063-public-js-budget.md).
const loadViewer = () => import('./PhotoViewer');
const PhotoViewer = lazy(loadViewer);

/** Photos in the first row on a wide screen load at once; the rest are below the fold wherever the page is read. */
const EAGER = 3;
/** The grid's columns: 2 on a phone, 3 from 640 px, inside the profile's main column (two thirds of at most 1400 px from 1024 px). */
export const GRID_SIZES = '(min-width: 1024px) 300px, (min-width: 640px) 31vw, 46vw';

/**
 * The profile's project photos (docs/decisions/0112-photos-on-the-public-site.md): a plain grid of
 * links, each to the photo's largest rendition, which is all there is without JavaScript; once the
 * page runs, a click opens the viewer instead (a click with a modifier key still follows the link),
 * and closing it puts the focus back on the thumbnail that opened it.
 */
export function ProfilePhotos({ photos, contractorName }: { photos: readonly PublicPhoto[]; contractorName: string }) {
  const [index, setIndex] = useState<number | null>(null);
  const [mounted, setMounted] = useState(false);
  const opener = useRef(0);
  const links = useRef<(HTMLAnchorElement | null)[]>([]);
  if (photos.length === 0) return null;

  const open = (i: number) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    opener.current = i;
    setMounted(true);
    setIndex(i);
  };

  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold leading-tight" id="project-photos">
          <Images className="h-5 w-5 text-primary" aria-hidden="true" />
          <span>Project Photos</span>
        </h2>
      </CardHeader>
      <CardContent>
        <ul
          className="grid grid-cols-2 gap-3 sm:grid-cols-3"
          aria-labelledby="project-photos"
          data-testid="profile-photos"
        >
          {photos.map((p, i) => (
            <li key={p.id}>
              <figure className="grid gap-1">
                <a
                  href={largestOf(p)}
                  ref={(el) => {
                    links.current[i] = el;
                  }}
                  onClick={open(i)}
                  onPointerEnter={() => void loadViewer()}
                  onFocus={() => void loadViewer()}
                  className="block overflow-hidden rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
                >
                  <Photo
                    image={p}
                    alt={photoAlt(p, i, contractorName)}
                    sizes={GRID_SIZES}
                    lazy={i >= EAGER}
                    className="aspect-[4/3] h-auto w-full bg-muted object-cover"
                  />
                </a>
                {p.caption && <figcaption className="text-sm text-muted-foreground">{p.caption}</figcaption>}
              </figure>
            </li>
          ))}
        </ul>
        {mounted && (
          <Suspense fallback={null}>
            <PhotoViewer
              photos={photos}
              index={index}
              onIndexChange={setIndex}
              contractorName={contractorName}
              returnFocus={() => links.current[opener.current]?.focus()}
            />
          </Suspense>
        )}
      </CardContent>
    </Card>
  );
}
