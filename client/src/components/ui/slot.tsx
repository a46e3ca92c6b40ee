import { cloneElement, isValidElement, type HTMLAttributes, type ReactElement, type Ref } from 'react';
import { cn } from '@/lib/cn';

/**
 * Renders its single child with these props merged in (classes joined, the child's own
 * handlers kept), for components with `asChild`. A small stand-in for Radix's Slot.
 */
export function Slot({ children, className, ref, ...props }: HTMLAttributes<HTMLElement> & { ref?: Ref<HTMLElement> }) {
  if (!isValidElement<HTMLAttributes<HTMLElement>>(children)) return null;
  const child = children as ReactElement<HTMLAttributes<HTMLElement> & { ref?: Ref<HTMLElement> }>;
  return cloneElement(child, {
    ...props,
    ...child.props,
    className: cn(className, child.props.className),
    ...(ref ? { ref } : {}),
  });
}
