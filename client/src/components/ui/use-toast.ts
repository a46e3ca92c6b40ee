import { useSyncExternalStore, type ReactNode } from 'react';

/**
 * Notices as the spec describes them: at most one visible, a new one replaces the old, shown
 * for 5 s by default, and a dismissed one is removed after 1,000,000 ms.
 */

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5_000;

export interface ToastData {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  variant?: 'default' | 'destructive';
  duration?: number;
  open: boolean;
}

export type ToastInput = Omit<ToastData, 'id' | 'open'>;

const NO_TOASTS: ToastData[] = [];
let state: ToastData[] = NO_TOASTS;
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function emit(next: ToastData[]) {
  state = next;
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const currentToasts = () => state;
// The server renders no notices; the browser shows any raised before hydration right after it.
const serverToasts = () => NO_TOASTS;

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      emit(state.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY),
  );
}

export function dismiss(id?: string) {
  emit(
    state.map((t) => {
      if (id === undefined || t.id === id) {
        scheduleRemoval(t.id);
        return { ...t, open: false };
      }
      return t;
    }),
  );
}

export function toast(input: ToastInput) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  emit([{ ...input, id, open: true }, ...state].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismiss(id) };
}

export function useToastState() {
  // useSyncExternalStore reads the store again after subscribing, so a notice raised between
  // the first render and the subscription is not lost.
  return useSyncExternalStore(subscribe, currentToasts, serverToasts);
}

export function useToast() {
  return { toast, dismiss };
}
