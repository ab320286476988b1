import type { Account } from '@app/contract/account';
import { cn } from '@/lib/utils';
import { UserAvatar } from './user-avatar';

/** Avatar, name and e-mail of the logged-in user, as the user menu shows them. */
export function UserInfo({ user, className }: { user: Pick<Account, 'name' | 'email'>; className?: string }) {
  return (
    <span className={cn('flex min-w-0 items-center gap-2 text-left', className)}>
      <UserAvatar name={user.name} />
      <span className="grid min-w-0 flex-1 leading-tight">
        <span className="truncate text-sm font-medium">{user.name}</span>
        <span className="truncate text-xs text-muted-foreground">{user.email}</span>
      </span>
    </span>
  );
}
