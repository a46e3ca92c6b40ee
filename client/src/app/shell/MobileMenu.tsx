import { Menu } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';

// The drawer (Radix dialog) loads on first use: most visits never open it.
const loadDrawer = () => import('./MenuDrawer');
const MenuDrawer = lazy(loadDrawer);

/** The small-screen navigation: a right-side drawer titled 'Menu' that closes when a link is chosen. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="lg:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadDrawer()}
        onTouchStart={() => void loadDrawer()}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <Menu className="h-6 w-6" aria-hidden="true" />
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <MenuDrawer open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
