import type { Organisation } from '@app/contract/organisations';
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { routePath } from '@/lib/route-paths';

/**
 * After the submit: the organisation as created, awaiting activation, with spec 2's Activate
 * action (organization.activate: the first period's payment, or the contract).
 */
export function OrganisationCreated({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <section aria-labelledby="organisation-created-heading" className="grid gap-6 rounded-xl border bg-card p-6 shadow-sm">
      <div className="flex items-start gap-3">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-emerald-600 dark:text-emerald-400" />
        <div className="grid gap-1">
          <h2 id="organisation-created-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold tracking-tight outline-none">
            {t('organisations.created.heading')}
          </h2>
          <p className="text-muted-foreground">{t('organisations.created.description')}</p>
        </div>
      </div>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-muted-foreground">{t('organisations.created.name')}</dt>
        <dd className="font-medium break-words">{organisation.name}</dd>
        <dt className="text-muted-foreground">{t('organisations.created.type')}</dt>
        <dd>{t(`organisations.types.${organisation.type}.title`)}</dd>
        <dt className="text-muted-foreground">{t('organisations.created.plan')}</dt>
        <dd>{t(`organisations.plans.${organisation.plan}`)}</dd>
        {organisation.services.length > 0 && (
          <>
            <dt className="text-muted-foreground">{t('organisations.created.services')}</dt>
            <dd>
              <ul>
                {organisation.services.map((service) => (
                  <li key={service.product_id}>{t('organisations.created.serviceLine', { title: service.title, quantity: service.quantity })}</li>
                ))}
              </ul>
            </dd>
          </>
        )}
        <dt className="text-muted-foreground">{t('organisations.created.status')}</dt>
        <dd>
          <span className="rounded-full bg-amber-500/15 px-2.5 py-0.5 text-xs font-medium text-amber-900 dark:text-amber-200">{t(`organisations.created.statuses.${organisation.status}`)}</span>
        </dd>
      </dl>
      <div className="flex flex-col gap-3 sm:flex-row">
        {organisation.status === 'pending_activation' && (
          <Link to={routePath('organization.activate', { id: organisation.id })} className={buttonClassName()}>
            {t('organisations.created.activate')}
          </Link>
        )}
        <Link to={routePath('dashboard')} className={buttonClassName({ variant: 'outline' })}>
          {t('organisations.created.dashboard')}
        </Link>
      </div>
    </section>
  );
}
