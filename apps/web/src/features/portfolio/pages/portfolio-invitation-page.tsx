import { portfolioMessages } from '@app/contract/portfolio';
import { Briefcase } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { PendingButton } from '@/components/ui/pending-button';
import { Spinner } from '@/components/ui/spinner';
import { routePath } from '@/lib/route-paths';
import { acceptPortfolioInvitation, usePortfolioInvitation } from '../api/portfolio';
import { refusalMessage } from '../lib/refusal';
import '../portfolio-texts';

/**
 * portfolio-invitation (issue 13): the link of an investor's e-mail to a portfolio company's
 * representative. Logged in as the invited address, they choose the company's organisation (one
 * they own or administer) and link it; the investor then reads its team overview, read-only.
 */
export function PortfolioInvitationPage() {
  const { t } = useTranslation();
  const id = useId();
  const { token = '' } = useParams();
  const invitation = usePortfolioInvitation(token);
  const [chosen, setChosen] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [accepted, setAccepted] = useState<string | null>(null);

  if (invitation.isPending) {
    return (
      <p role="status" className="mx-auto flex w-full max-w-xl items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        {t('app.loading')}
      </p>
    );
  }
  if (invitation.isError || !invitation.data) {
    return (
      <div className="mx-auto w-full max-w-xl space-y-4">
        {/* The page keeps its heading when the link cannot be read (axe: a page has one h1). */}
        <h1 className="text-2xl font-semibold tracking-tight">{t('portfolio.invitation.heading')}</h1>
        <FormAlert>
          <p>{invitation.error?.message || t('portfolio.invitation.loadFailed')}</p>
          <Link to={routePath('dashboard')} className={buttonClassName({ variant: 'outline', size: 'sm', className: 'mt-3' })}>
            {t('breadcrumbs.dashboard')}
          </Link>
        </FormAlert>
      </div>
    );
  }
  const preview = invitation.data;
  const organisationId = chosen || preview.organisations[0]?.id || '';

  const accept = async () => {
    setPending(true);
    setError(null);
    const result = await acceptPortfolioInvitation(token, organisationId);
    setPending(false);
    if (result.data) setAccepted(result.data.data.organisation_id);
    else setError(result.errors?.organisation_id?.[0] ?? refusalMessage(result));
  };

  return (
    <div className="mx-auto w-full max-w-xl space-y-6">
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <Briefcase aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('portfolio.invitation.heading')}</h1>
          <p className="text-muted-foreground">{t('portfolio.invitation.description', { investor: preview.investor_name, company: preview.company_name })}</p>
        </div>
      </div>
      <Card>
        <CardContent className="space-y-4 pt-6">
          {accepted ? (
            <>
              <p role="status" className="text-sm">
                {portfolioMessages.accepted}
              </p>
              <Link to={routePath('organization.investors', { id: accepted })} className={buttonClassName({ size: 'sm', variant: 'outline' })}>
                {t('portfolio.invitation.toInvestors')}
              </Link>
            </>
          ) : preview.organisations.length === 0 ? (
            <>
              <p className="text-sm">{t('portfolio.invitation.noOrganisation')}</p>
              <Link to={routePath('organization.create')} className={buttonClassName({ size: 'sm' })}>
                {t('portfolio.invitation.createOrganisation')}
              </Link>
            </>
          ) : (
            <>
              <FormAlert>{error}</FormAlert>
              <div className="grid gap-2">
                <Label htmlFor={`${id}-organisation`}>{t('portfolio.invitation.chooseOrganisation')}</Label>
                <NativeSelect id={`${id}-organisation`} value={organisationId} onChange={(event) => setChosen(event.target.value)}>
                  {preview.organisations.map((organisation) => (
                    <option key={organisation.id} value={organisation.id}>
                      {organisation.name}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <PendingButton type="button" pending={pending} pendingLabel={t('portfolio.invitation.accepting')} onClick={() => void accept()}>
                {t('portfolio.invitation.accept')}
              </PendingButton>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
