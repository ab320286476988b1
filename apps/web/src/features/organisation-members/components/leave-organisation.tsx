import { useState } from 'react';
import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useNavigateTo } from '@/lib/use-navigate-to';
import { useLeaveOrganisation } from '../api/remove-member';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Leave organisation, for everyone: asked first; the last owner gets the server's refusal in the
 * dialog ('You are the last owner: transfer the ownership…'). Left, the dashboard.
 */
export function LeaveOrganisation({ organisationId, organisationName, userId }: { organisationId: string; organisationName: string; userId: string }) {
  const { t } = useTranslation();
  const navigateTo = useNavigateTo();
  const leave = useLeaveOrganisation(organisationId);
  const [asking, setAsking] = useState(false);

  const close = () => {
    setAsking(false);
    leave.reset();
  };

  return (
    <>
      <Button variant="outline" onClick={() => setAsking(true)}>
        <LogOut aria-hidden="true" />
        {t('organisationMembers.leave.button')}
      </Button>
      <ConfirmDialog
        open={asking}
        icon={<LogOut aria-hidden="true" className="size-5" />}
        title={t('organisationMembers.leave.title', { organisation: organisationName })}
        description={t('organisationMembers.leave.description')}
        confirmLabel={t('organisationMembers.leave.confirm')}
        pendingLabel={t('organisationMembers.leave.pending')}
        cancelLabel={t('organisationMembers.leave.cancel')}
        pending={leave.isPending}
        error={leave.error?.message ?? null}
        destructive
        onConfirm={() =>
          leave.mutate(userId, {
            onSuccess: () => {
              void toast.success(t('organisationMembers.leave.left', { organisation: organisationName }));
              void navigateTo('dashboard', { replace: true });
            },
          })
        }
        onCancel={close}
      />
    </>
  );
}
