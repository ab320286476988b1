import { portfolioMessages } from '@app/contract/portfolio';
import { Briefcase } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Loading } from '@/components/page-states';
import { Button, buttonClassName } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { useOrganisation } from '@/lib/organisation-details';
import { usePageValue } from '@/lib/page-values';
import { statusOf } from '@/lib/request-refusal';
import { routePath } from '@/lib/route-paths';
import { toast } from '@/lib/toast';
import { useEndInvestorLink, useInvestors } from '../api/portfolio';
import { refusalMessage } from '../lib/refusal';
import '../portfolio-texts';

const formatDate = (iso: string, language: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));

/**
 * organization.investors (issue 13): the portfolio company's side. Its owners and admins see the
 * investors that read its team overview and end a link whenever they like (the investor's access
 * ends with it).
 */
export function InvestorsPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const organisation = useOrganisation(id);
  usePageValue('organisationName', organisation.data?.name);
  const manager = organisation.data !== undefined && organisation.data.role !== 'member';
  const investors = useInvestors(id, manager);
  const end = useEndInvestorLink(id);
  const [busy, setBusy] = useState<string | null>(null);

  if (organisation.isPending) return <Loading className="mx-auto w-full max-w-3xl" />;
  if (organisation.isError) {
    const notFound = statusOf(organisation.error) === 404;
    return (
      <div className="mx-auto w-full max-w-xl">
        <FormAlert>
          <p>{notFound ? t('portfolio.notFound') : t('portfolio.loadFailed')}</p>
          <Link to={routePath('dashboard')} className={buttonClassName({ variant: 'outline', size: 'sm', className: 'mt-3' })}>
            {t('breadcrumbs.dashboard')}
          </Link>
        </FormAlert>
      </div>
    );
  }
  const { name } = organisation.data;

  const endLink = async (linkId: string) => {
    setBusy(linkId);
    const result = await end(linkId);
    setBusy(null);
    if (result.error === null) void toast.success(portfolioMessages.linkEnded);
    else void toast.error(refusalMessage(result));
  };

  return (
    <div className="mx-auto w-full max-w-3xl space-y-8">
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <Briefcase aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('portfolio.investors.heading')}</h1>
          <p className="text-muted-foreground">{t('portfolio.investors.description', { organisation: name })}</p>
        </div>
      </div>
      {!manager ? (
        <FormAlert>
          <p>{t('portfolio.investors.managersOnly', { organisation: name })}</p>
        </FormAlert>
      ) : investors.isPending ? (
        <Loading className="mx-auto w-full max-w-3xl" />
      ) : investors.isError ? (
        <FormAlert>
          <p>{investors.error.message || t('portfolio.loadFailed')}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void investors.refetch()}>
            {t('portfolio.retry')}
          </Button>
        </FormAlert>
      ) : investors.data.length === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">{t('portfolio.investors.empty')}</p>
      ) : (
        <ul className="divide-y rounded-xl border bg-card shadow-sm">
          {investors.data.map((investor) => (
            <li key={investor.id} aria-label={investor.investor_name} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="min-w-0 space-y-1">
                <p className="font-medium">{investor.investor_name}</p>
                <p className="text-sm text-muted-foreground">{t('portfolio.investors.since', { date: formatDate(investor.accepted_at, i18n.language) })}</p>
              </div>
              <Button size="sm" variant="outline" disabled={busy === investor.id} onClick={() => void endLink(investor.id)}>
                {t('portfolio.investors.end')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

