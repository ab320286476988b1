import { FileText } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NewTabLink } from '@/components/new-tab-link';
import { buttonClassName } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { PendingButton } from '@/components/ui/pending-button';
import { routePath } from '@/lib/route-paths';
import { useAcceptPolicies } from '../api/accept-policies';
import '../policy-texts';

/**
 * Spec section 2's policy-update agreement prompt, open while mounted (policy-update-prompt.tsx
 * mounts it): it cannot be dismissed (Escape and outside clicks do nothing): the way out is
 * 'I Agree', or logging out.
 */
export function PolicyUpdateDialog() {
  const { t } = useTranslation();
  const accept = useAcceptPolicies();

  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
        <Dialog.Content
          onEscapeKeyDown={(event) => event.preventDefault()}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-5 overflow-y-auto rounded-xl border bg-card p-6 text-card-foreground shadow-xl outline-none sm:p-7"
        >
          <div className="flex items-start gap-4">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
              <FileText aria-hidden="true" className="size-5" />
            </span>
            <div className="space-y-1.5">
              <Dialog.Title className="text-lg leading-tight font-semibold">{t('policyUpdate.title')}</Dialog.Title>
              <Dialog.Description className="text-sm text-muted-foreground">{t('policyUpdate.description')}</Dialog.Description>
            </div>
          </div>

          <div className="rounded-lg bg-muted/60 px-4 py-3 text-sm">
            <p className="text-muted-foreground">{t('policyUpdate.read')}</p>
            <ul className="mt-1.5 grid gap-1">
              <li>
                <NewTabLink to={routePath('privacy-policy')}>{t('policyUpdate.privacyPolicy')}</NewTabLink>
              </li>
              <li>
                <NewTabLink to={routePath('terms-of-service')}>{t('policyUpdate.terms')}</NewTabLink>
              </li>
            </ul>
          </div>

          <FormAlert>{accept.isError ? accept.error.message || t('global.genericError') : null}</FormAlert>

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Link to={routePath('logout')} className={buttonClassName({ variant: 'ghost' })}>
              {t('policyUpdate.logout')}
            </Link>
            <PendingButton pending={accept.isPending} pendingLabel={t('policyUpdate.agreeing')} onClick={() => accept.mutate()}>
              {t('policyUpdate.agree')}
            </PendingButton>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
