import { cn } from '@/lib/utils';

/** Initials of a name ('Ada Lovelace' -> 'AL'), at most two letters. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

/** The user's initials in a circle; decorative, since the name is always shown next to it. */
export function UserAvatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/15 text-xs font-semibold text-foreground',
        className,
      )}
    >
      {initialsOf(name)}
    </span>
  );
}
