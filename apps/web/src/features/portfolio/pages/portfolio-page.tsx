import { portfolioInvitationRequest, portfolioMessages, type PortfolioEntry, type PortfolioInvitationRequest } from '@app/contract/portfolio';
import { zodResolver } from '@hookform/resolvers/zod';
import { Briefcase } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { LoadFailed, Loading } from '@/components/page-states';
import { EmailField } from '@/components/email-field';
import type { RequestResult } from '@/lib/http-client';
import { TextField } from '@/components/text-field';
import { Button, buttonClassName } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { PendingButton } from '@/components/ui/pending-button';
import { useOrganisation } from '@/lib/organisation-details';
import { usePageValue } from '@/lib/page-values';
import { statusOf } from '@/lib/request-refusal';
import { routePath } from '@/lib/route-paths';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { translateValidationMessage } from '@/lib/validation-message';
import { usePortfolio, usePortfolioActions } from '../api/portfolio';
import { refusalMessage } from '../lib/refusal';
import '../portfolio-texts';

/**
 * organization.portfolio (issue 13): an investor's portfolio companies and where each stands;
 * owners and admins invite a representative, resend or withdraw an invitation, end a link, and
 * open a linked company's team overview (read-only: the server gives an investor nothing else).
 */
export function PortfolioPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const organisation = useOrganisation(id);
  usePageValue('organisationName', organisation.data?.name);

  if (organisation.isPending) return <Loading className="mx-auto w-full max-w-5xl" />;
  if (organisation.isError) {
    const notFound = statusOf(organisation.error) === 404;
    return <LoadFailed className="mx-auto w-full max-w-xl" message={notFound ? t('portfolio.notFound') : t('portfolio.loadFailed')} retry={notFound ? undefined : () => void organisation.refetch()} />;
  }
  const { name, role, type } = organisation.data;
  const refusal = type !== 'investor' ? t('portfolio.notInvestor') : role === 'member' ? t('portfolio.managersOnly', { organisation: name }) : null;

  return (
    <div className="mx-auto w-full max-w-5xl space-y-8">
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <Briefcase aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('portfolio.heading')}</h1>
          <p className="text-muted-foreground">{t('portfolio.description', { organisation: name })}</p>
        </div>
      </div>
      {refusal ? (
        <LoadFailed className="mx-auto w-full max-w-xl" message={refusal} />
      ) : (
        <>
          <Card>
            <CardContent className="pt-6">
              <InviteForm investorId={id} />
            </CardContent>
          </Card>
          <Companies investorId={id} />
        </>
      )}
    </div>
  );
}

const formFields = ['company_name', 'representative_email'] as const satisfies readonly (keyof PortfolioInvitationRequest)[];

function InviteForm({ investorId }: { investorId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const { invite } = usePortfolioActions(investorId);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PortfolioInvitationRequest, unknown, z.output<typeof portfolioInvitationRequest>>({
    resolver: zodResolver(portfolioInvitationRequest),
    defaultValues: { company_name: '', representative_email: '' },
  });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await invite(values);
    if (result.data !== null) {
      reset();
      void toast.success(portfolioMessages.invitationSent);
      return;
    }
    if (!applyServerFieldErrors(result.errors, formFields, setError)) setFormError(refusalMessage(result));
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-heading`} className="grid gap-4">
      <div className="space-y-1">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {t('portfolio.inviteHeading')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('portfolio.inviteDescription')}</p>
      </div>
      <FormAlert>{formError}</FormAlert>
      <div className="grid gap-4 md:grid-cols-2">
        <TextField id={`${id}-company`} label={t('portfolio.companyName')} error={translateValidationMessage(errors.company_name?.message, t)} {...register('company_name')} />
        <EmailField id={`${id}-email`} label={t('portfolio.representativeEmail')} error={translateValidationMessage(errors.representative_email?.message, t)} {...register('representative_email')} />
      </div>
      <div>
        <PendingButton type="submit" pending={isSubmitting} pendingLabel={t('portfolio.inviting')}>
          {t('portfolio.invite')}
        </PendingButton>
      </div>
    </form>
  );
}

const tone: Record<PortfolioEntry['status'], string> = {
  not_invited: 'bg-muted text-muted-foreground',
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  expired: 'bg-muted text-muted-foreground',
  accepted: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  revoked: 'bg-muted text-muted-foreground',
  ended: 'bg-muted text-muted-foreground',
};

function Companies({ investorId }: { investorId: string }) {
  const { t } = useTranslation();
  const portfolio = usePortfolio(investorId);
  const actions = usePortfolioActions(investorId);
  const [busy, setBusy] = useState<string | null>(null);

  // Every action answers with its whole result: a refusal is shown as the server words it.
  const act = async (key: string, run: () => Promise<RequestResult<unknown>>, success: string) => {
    setBusy(key);
    const result = await run();
    setBusy(null);
    if (result.error === null) void toast.success(success);
    else void toast.error(refusalMessage(result));
  };

  return (
    <section aria-labelledby="portfolio-companies" className="space-y-4">
      <h2 id="portfolio-companies" className="text-xl font-semibold tracking-tight">
        {t('portfolio.companiesHeading')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('portfolio.readOnly')}</p>
      {portfolio.isPending ? (
        <Loading />
      ) : portfolio.isError ? (
        <FormAlert>
          <p>{portfolio.error.message || t('portfolio.loadFailed')}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void portfolio.refetch()}>
            {t('portfolio.retry')}
          </Button>
        </FormAlert>
      ) : portfolio.data.length === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">{t('portfolio.empty')}</p>
      ) : (
        <ul className="divide-y rounded-xl border bg-card shadow-sm">
          {portfolio.data.map((entry) => {
            const key = entry.id ?? entry.representative_email;
            return (
              <li key={key} aria-label={entry.company_name} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div className="min-w-0 space-y-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{entry.company_name}</span>
                    <span className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', tone[entry.status])}>{t(`portfolio.status.${entry.status}`)}</span>
                  </div>
                  <p className="truncate text-sm text-muted-foreground">
                    {entry.company_organisation ? t('portfolio.linkedTo', { organisation: entry.company_organisation.name }) : entry.representative_email}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  {entry.company_organisation && (
                    <Link
                      to={routePath('organization.insights', { id: entry.company_organisation.id })}
                      aria-label={t('portfolio.teamOverviewOf', { company: entry.company_name })}
                      className={buttonClassName({ size: 'sm', variant: 'outline' })}
                    >
                      {t('portfolio.teamOverview')}
                    </Link>
                  )}
                  {(entry.status === 'not_invited' || entry.status === 'expired' || entry.status === 'revoked' || entry.status === 'ended') && (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={busy === key}
                      onClick={() => void act(key, () => actions.invite({ company_name: entry.company_name, representative_email: entry.representative_email }), portfolioMessages.invitationSent)}
                    >
                      {t('portfolio.inviteListed')}
                    </Button>
                  )}
                  {entry.status === 'pending' && entry.id && (
                    <>
                      <Button size="sm" variant="outline" disabled={busy === key} onClick={() => void act(key, () => actions.resend(entry.id!), portfolioMessages.invitationResent)}>
                        {t('portfolio.resend')}
                      </Button>
                      <Button size="sm" variant="outline" disabled={busy === key} onClick={() => void act(key, () => actions.end(entry.id!), portfolioMessages.invitationRevokedToast)}>
                        {t('portfolio.withdraw')}
                      </Button>
                    </>
                  )}
                  {entry.status === 'accepted' && entry.id && (
                    <Button size="sm" variant="outline" disabled={busy === key} onClick={() => void act(key, () => actions.end(entry.id!), portfolioMessages.linkEnded)}>
                      {t('portfolio.end')}
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
