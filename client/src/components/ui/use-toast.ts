import { useEffect, useState, type ReactNode } from 'react';

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

let state: ToastData[] = [];
const listeners = new Set<(s: ToastData[]) => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function emit(next: ToastData[]) {
  state = next;
  listeners.forEach((l) => l(state));
}

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
  const [toasts, setToasts] = useState(state);
  useEffect(() => {
    listeners.add(setToasts);
    // A notice raised between the first render and this subscription must not be lost.
    setToasts(state);
    return () => {
      listeners.delete(setToasts);
    };
  }, []);
  return toasts;
}

export function useToast() {
  return { toast, dismiss };
}
