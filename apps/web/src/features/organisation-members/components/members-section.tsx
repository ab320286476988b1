import { useId, useState } from 'react';
import type { AssignableRole, MemberView } from '@app/contract/organisation-members';
import type { OrganisationRole } from '@app/contract/organisations';
import { Crown, MoreHorizontal, Search, UserMinus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ListPager } from '@/components/list-pager';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useChangeMemberRole } from '../api/change-member-role';
import type { useMembers } from '../api/list-members';
import { useOfferOwnership } from '../api/offer-ownership';
import { useRemoveMember } from '../api/remove-member';
import { memberActions } from '../lib/member-actions';
import type { MemberListParamsState } from '../lib/use-member-list-params';
import { ProgressBadge, RoleBadge } from './badges';
import { ConfirmDialog } from './confirm-dialog';

interface Actor {
  userId: string;
  role: OrganisationRole;
}

type Pending = { kind: 'remove' | 'transfer'; member: MemberView } | null;

function MemberIdentity({ member, actor }: { member: MemberView; actor: Actor }) {
  const { t } = useTranslation();
  return (
    <span className="grid min-w-0">
      <span className="truncate font-medium text-foreground">
        {member.name}
        {member.user_id === actor.userId && <span className="font-normal text-muted-foreground"> ({t('organisationMembers.you')})</span>}
      </span>
    </span>
  );
}

function RowActions({ member, actor, onRole, onAsk }: { member: MemberView; actor: Actor; onRole(role: AssignableRole): void; onAsk(kind: 'remove' | 'transfer'): void }) {
  const { t } = useTranslation();
  const actions = memberActions(actor, member);
  if (actions.roles.length === 0 && !actions.transfer && !actions.remove) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={t('organisationMembers.list.actionsFor', { name: member.name })}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-52">
        {actions.roles.map((role) => (
          <DropdownMenuItem key={role} onSelect={() => onRole(role)}>
            {t(role === 'admin' ? 'organisationMembers.actions.makeAdmin' : 'organisationMembers.actions.makeMember')}
          </DropdownMenuItem>
        ))}
        {actions.transfer && (
          <DropdownMenuItem onSelect={() => onAsk('transfer')}>
            <Crown aria-hidden="true" />
            {t('organisationMembers.actions.transfer')}
          </DropdownMenuItem>
        )}
        {actions.remove && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem className="text-destructive focus:text-destructive" onSelect={() => onAsk('remove')}>
              <UserMinus aria-hidden="true" />
              {t('organisationMembers.actions.remove')}
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export interface MembersSectionProps {
  organisationId: string;
  organisationName: string;
  actor: Actor;
  /** The search and page (in the URL) and the list they ask for: the page reads it too (names in the ownership notice). */
  params: MemberListParamsState;
  members: ReturnType<typeof useMembers>;
}

/**
 * The members of an organisation (owners and admins): searchable by name or e-mail, paged, with
 * each one's role and questionnaire progress; role changes, removal and the ownership offer.
 */
export function MembersSection({ organisationId, organisationName, actor, params, members }: MembersSectionProps) {
  const { t } = useTranslation();
  const searchId = useId();
  const { search, page, typed, setTyped, setPage } = params;
  const changeRole = useChangeMemberRole(organisationId);
  const remove = useRemoveMember(organisationId);
  const offer = useOfferOwnership(organisationId);
  const [pending, setPending] = useState<Pending>(null);

  const meta = members.data?.meta;
  const rows = members.data?.data ?? [];

  const onRole = (member: MemberView, role: AssignableRole) =>
    changeRole.mutate(
      { userId: member.user_id, role },
      {
        onSuccess: () => void toast.success(t('organisationMembers.actions.roleChanged', { name: member.name, role: t(`organisationMembers.roles.${role}`).toLowerCase() })),
        onError: (error) => void toast.error(error.message),
      },
    );

  const closeDialog = () => {
    setPending(null);
    remove.reset();
    offer.reset();
  };

  const confirm = () => {
    if (!pending) return;
    const { member } = pending;
    if (pending.kind === 'remove') {
      remove.mutate(member.user_id, {
        onSuccess: () => {
          closeDialog();
          void toast.success(t('organisationMembers.actions.removed', { name: member.name }));
        },
      });
    } else {
      offer.mutate(member.user_id, {
        onSuccess: () => {
          closeDialog();
          void toast.success(t('organisationMembers.transferDialog.offered', { name: member.name }));
        },
      });
    }
  };

  const dialogName = pending?.member.name ?? '';

  return (
    <section aria-labelledby="members-heading" className="rounded-xl border bg-card p-5 shadow-sm sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1">
          <h2 id="members-heading" className="text-lg font-semibold">
            {t('organisationMembers.list.heading')}
            {meta && <span className="ml-2 text-sm font-normal text-muted-foreground tabular-nums">{meta.total}</span>}
          </h2>
        </div>
        <div className="relative w-full sm:max-w-xs">
          <label htmlFor={searchId} className="sr-only">
            {t('organisationMembers.list.search')}
          </label>
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            id={searchId}
            type="search"
            className="pl-9"
            placeholder={t('organisationMembers.list.searchPlaceholder')}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
      </div>

      <div className="mt-5">
        {members.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner />
            {t('app.loading')}
          </p>
        ) : members.isError && !members.data ? (
          <FormAlert>
            <p>{members.error.message || t('organisationMembers.list.loadFailed')}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void members.refetch()}>
              {t('organisationMembers.retry')}
            </Button>
          </FormAlert>
        ) : rows.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
            {search ? t('organisationMembers.list.noMatch', { search }) : t('organisationMembers.list.empty')}
          </p>
        ) : (
          <div className={cn(members.isPlaceholderData && 'opacity-60')} aria-busy={members.isFetching}>
            {/* Wide screens: a table, one member per row. */}
            <div className="hidden overflow-x-auto rounded-lg border md:block">
              <table className="w-full text-sm">
                <caption className="sr-only">{t('organisationMembers.list.heading')}</caption>
                <thead className="bg-muted/50 text-left text-xs font-medium text-muted-foreground">
                  <tr>
                    <th scope="col" className="px-4 py-2.5 font-medium">{t('organisationMembers.list.name')}</th>
                    <th scope="col" className="px-4 py-2.5 font-medium">{t('organisationMembers.list.email')}</th>
                    <th scope="col" className="px-4 py-2.5 font-medium">{t('organisationMembers.list.role')}</th>
                    <th scope="col" className="px-4 py-2.5 font-medium">{t('organisationMembers.list.progress')}</th>
                    <th scope="col" className="px-4 py-2.5 text-right font-medium">
                      <span className="sr-only">{t('organisationMembers.list.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {rows.map((member) => (
                    <tr key={member.user_id} aria-label={member.name}>
                      <td className="max-w-56 px-4 py-2.5">
                        <MemberIdentity member={member} actor={actor} />
                      </td>
                      <td className="max-w-64 truncate px-4 py-2.5 text-muted-foreground">{member.email}</td>
                      <td className="px-4 py-2.5">
                        <RoleBadge role={member.role} />
                      </td>
                      <td className="px-4 py-2.5">
                        <ProgressBadge state={member.questionnaire} />
                      </td>
                      <td className="w-12 px-4 py-1.5 text-right">
                        <RowActions member={member} actor={actor} onRole={(role) => onRole(member, role)} onAsk={(kind) => setPending({ kind, member })} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {/* Phones: a list, nothing to scroll sideways. */}
            <ul aria-label={t('organisationMembers.list.heading')} className="divide-y rounded-lg border md:hidden">
              {rows.map((member) => (
                <li key={member.user_id} aria-label={member.name} className="flex items-start gap-3 px-4 py-3 text-sm">
                  <div className="grid min-w-0 flex-1 gap-1.5">
                    <MemberIdentity member={member} actor={actor} />
                    <span className="truncate text-muted-foreground">{member.email}</span>
                    <span className="flex flex-wrap gap-2">
                      <RoleBadge role={member.role} />
                      <ProgressBadge state={member.questionnaire} />
                    </span>
                  </div>
                  <RowActions member={member} actor={actor} onRole={(role) => onRole(member, role)} onAsk={(kind) => setPending({ kind, member })} />
                </li>
              ))}
            </ul>
          </div>
        )}

        {meta && <ListPager label={t('organisationMembers.list.pagination')} page={page} perPage={meta.per_page} total={meta.total} onPage={setPage} />}
      </div>

      <ConfirmDialog
        open={pending?.kind === 'remove'}
        icon={<UserMinus aria-hidden="true" className="size-5" />}
        title={t('organisationMembers.removeDialog.title', { name: dialogName })}
        description={t('organisationMembers.removeDialog.description', { name: dialogName, organisation: organisationName })}
        confirmLabel={t('organisationMembers.removeDialog.confirm')}
        pendingLabel={t('organisationMembers.removeDialog.pending')}
        cancelLabel={t('organisationMembers.removeDialog.cancel')}
        pending={remove.isPending}
        error={remove.error?.message ?? null}
        destructive
        onConfirm={confirm}
        onCancel={closeDialog}
      />
      <ConfirmDialog
        open={pending?.kind === 'transfer'}
        icon={<Crown aria-hidden="true" className="size-5" />}
        title={t('organisationMembers.transferDialog.title', { name: dialogName })}
        description={t('organisationMembers.transferDialog.description', { name: dialogName })}
        confirmLabel={t('organisationMembers.transferDialog.confirm')}
        pendingLabel={t('organisationMembers.transferDialog.pending')}
        cancelLabel={t('organisationMembers.transferDialog.cancel')}
        pending={offer.isPending}
        error={offer.error?.message ?? null}
        onConfirm={confirm}
        onCancel={closeDialog}
      />
    </section>
  );
}
