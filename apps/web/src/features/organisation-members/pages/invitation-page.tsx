import { useEffect, useState } from 'react';
import { memberMessages } from '@app/contract/organisation-members';
import { Building2, MailOpen, MailWarning, TriangleAlert, UserRoundX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { PendingButton } from '@/components/ui/pending-button';
import { Spinner } from '@/components/ui/spinner';
import { browserLanguage } from '@/lib/money';
import { rememberReturnPath, returnPathParam } from '@/lib/return-path';
import { routePath } from '@/lib/route-paths';
import { isLoggedIn, sessionStore } from '@/lib/session-store';
import { toast } from '@/lib/toast';
import { useNavigateTo } from '@/lib/use-navigate-to';
import { useSession } from '@/lib/use-session';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitationPreview } from '../api/get-invitation-preview';
import { RequestRefusal } from '../lib/refusal';
import '../organisation-members-texts';

function InvitationCard({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-lg rounded-xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8">
      <div className="flex flex-col items-center gap-4 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">{icon}</span>
        {children}
      </div>
    </div>
  );
}

/** Someone else is logged in: log out here and come back to the link after logging in as the invited address. */
function SwitchAccountButton({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const switchAccount = async () => {
    setPending(true);
    // The session is cleared whatever the server answers (spec 4).
    await sessionStore.logout();
    await navigate(routePath('login', {}, { [returnPathParam]: routePath('invitation', { token }) }), { replace: true });
  };
  return (
    <PendingButton pending={pending} pendingLabel={t('invitationPage.switching')} onClick={() => void switchAccount()}>
      {t('invitationPage.switchAccount')}
    </PendingButton>
  );
}

/**
 * invitation (issue 12): the link of an invitation e-mail, `/invitations/{token}`, open to anyone.
 * A guest is offered to log in or sign up and come back here; a signed-in user sees what the
 * invitation offers and accepts it.
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const session = useSession();
  if (!isLoggedIn(session)) return <InvitationForGuest token={token} />;
  return <InvitationForAccount token={token} />;
}

/**
 * Logged out: the server tells an anonymous caller nothing about an invitation (its preview
 * needs the invited account), so neither does this page: not the organisation, not the address,
 * not whether the link still works. Log in comes straight back here; Sign up after the
 * registration steps (the address verified, the birth details saved: lib/return-path.ts).
 */
function InvitationForGuest({ token }: { token: string }) {
  const { t } = useTranslation();
  const back = { [returnPathParam]: routePath('invitation', { token }) };
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <MailOpen aria-hidden="true" className="size-6" />
      </span>
      <div className="space-y-1.5">
        <h1 className="text-xl font-semibold tracking-tight text-balance sm:text-2xl">{t('invitationPage.guest.heading')}</h1>
        <p className="text-sm text-muted-foreground">{t('invitationPage.guest.text')}</p>
      </div>
      <p className="text-sm text-muted-foreground">{t('invitationPage.guest.signupHint')}</p>
      <div className="grid w-full gap-2 sm:grid-cols-2">
        <Link to={routePath('login', {}, back)} className={buttonClassName({ variant: 'outline' })}>
          {t('invitationPage.guest.login')}
        </Link>
        <Link to={routePath('signup', {}, back)} className={buttonClassName()}>
          {t('invitationPage.guest.signup')}
        </Link>
      </div>
    </div>
  );
}

/**
 * Signed in: what the invitation offers, and accepting it; each refusal as the server words it:
 * another account is logged in, the address is not verified yet, the link expired, was withdrawn,
 * used, or never existed.
 */
function InvitationForAccount({ token }: { token: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigateTo = useNavigateTo();
  const preview = useInvitationPreview(token, user?.id ?? '');
  const accept = useAcceptInvitation(token);
  const unverifiedRefusal =
    preview.error instanceof RequestRefusal && preview.error.result.status === 403 && preview.error.message === memberMessages.invitationUnverified;
  const userId = user?.id ?? null;
  // Not verified yet: the verification link, opened from the inbox, then leads back here.
  useEffect(() => {
    if (unverifiedRefusal && userId !== null) rememberReturnPath(userId, routePath('invitation', { token }));
  }, [unverifiedRefusal, userId, token]);

  if (preview.isPending) {
    return (
      <p role="status" className="mx-auto flex w-full max-w-lg items-center justify-center gap-2 py-10 text-sm text-muted-foreground">
        <Spinner />
        {t('invitationPage.loading')}
      </p>
    );
  }

  if (preview.isError) {
    const error = preview.error;
    const status = error instanceof RequestRefusal ? error.result.status : 500;
    const message = error.message;
    const otherAccount = status === 403 && message === memberMessages.invitationOtherAccount;
    const unverified = status === 403 && message === memberMessages.invitationUnverified;
    const final = status === 404 || status === 410;
    return (
      <InvitationCard icon={otherAccount ? <UserRoundX aria-hidden="true" className="size-6" /> : unverified ? <MailWarning aria-hidden="true" className="size-6" /> : <TriangleAlert aria-hidden="true" className="size-6" />}>
        <h1 className="text-xl font-semibold tracking-tight">{t(otherAccount ? 'invitationPage.otherAccount' : unverified ? 'invitationPage.almostThere' : 'invitationPage.refused')}</h1>
        <p role="alert" className="font-medium">
          {message}
        </p>
        {otherAccount && user && <p className="text-sm text-muted-foreground">{t('invitationPage.otherAccountHint', { email: user.email })}</p>}
        {unverified && user && <p className="text-sm text-muted-foreground">{t('invitationPage.unverifiedHint', { email: user.email })}</p>}
        <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
          {otherAccount && <SwitchAccountButton token={token} />}
          {unverified && (
            <Link to={routePath('verify-email')} className={buttonClassName({ variant: 'outline' })}>
              {t('invitationPage.resendVerification')}
            </Link>
          )}
          {!final && !otherAccount && (
            <Button variant={unverified ? 'default' : 'outline'} onClick={() => void preview.refetch()} disabled={preview.isFetching}>
              {t('invitationPage.retry')}
            </Button>
          )}
          <Link to={routePath('dashboard')} className={buttonClassName({ variant: final ? 'default' : 'outline' })}>
            {t('invitationPage.toDashboard')}
          </Link>
        </div>
      </InvitationCard>
    );
  }

  const invitation = preview.data;
  const role = t(`invitationPage.roleNames.${invitation.role}`);
  const expires = new Intl.DateTimeFormat(browserLanguage(), { dateStyle: 'long' }).format(new Date(invitation.expires_at));

  return (
    <InvitationCard icon={<Building2 aria-hidden="true" className="size-6" />}>
      <h1 className="text-xl font-semibold tracking-tight text-balance">{t('invitationPage.offer', { organisation: invitation.organisation_name, role })}</h1>
      <p className="text-sm text-muted-foreground">{t('invitationPage.sentTo', { email: invitation.invited_email, date: expires })}</p>
      <p className="text-sm text-muted-foreground">{t(invitation.role === 'admin' ? 'invitationPage.adminHint' : 'invitationPage.memberHint')}</p>
      <FormAlert className="w-full text-left">{accept.error?.message}</FormAlert>
      <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
        <PendingButton
          pending={accept.isPending}
          pendingLabel={t('invitationPage.accepting')}
          onClick={() =>
            accept.mutate(undefined, {
              onSuccess: (joined) => {
                void toast.success(memberMessages.invitationAccepted);
                // Registration unfinished, the guard sends to the dashboard instead.
                void navigateTo('organization.members', { params: { id: joined.organisation_id }, replace: true });
              },
            })
          }
        >
          {t('invitationPage.accept')}
        </PendingButton>
        <Link to={routePath('dashboard')} className={buttonClassName({ variant: 'outline' })}>
          {t('invitationPage.notNow')}
        </Link>
      </div>
    </InvitationCard>
  );
}
