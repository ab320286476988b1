import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names, skipping falsy ones. It does not resolve Tailwind conflicts (no
 * tailwind-merge: 8 KB gzipped on the login page's 150 KB budget), so a component's variants pick
 * one class with a ternary, and a `className` from the caller must add, not contradict.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
