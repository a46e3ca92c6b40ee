import { lazy, Suspense } from 'react';
import { useToastState } from './use-toast';

// Radix toast loads with the first notice; a page that never shows one never downloads it.
const ToastList = lazy(() => import('./toast-list'));

export function Toaster() {
  const toasts = useToastState();
  if (!toasts.length) return null;
  return (
    <Suspense fallback={null}>
      <ToastList toasts={toasts} />
    </Suspense>
  );
}
