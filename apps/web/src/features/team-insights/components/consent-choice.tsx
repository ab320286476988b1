import { resultVisibilities, teamInsightMessages, type ConsentView, type ResultVisibility } from '@app/contract/team-insights';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { useSetConsent } from '../api/consents';
import { AudienceList } from './audience-list';

/**
 * One organisation's choice (issue 13): aggregate only (the default) or individual results, saved
 * the moment it is picked; the server's answer is what shows, with who sees what under it.
 */
export function ConsentChoice({ consent, heading, headingLevel = 2 }: { consent: ConsentView; heading?: string; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSetConsent(consent.organisation_id);
  const [confirmed, setConfirmed] = useState(false);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const individualOffered = consent.organisation_type === 'business';
  // While the request runs the picked option shows; a refusal puts the saved one back.
  const shown: ResultVisibility = save.isPending && save.variables ? save.variables : consent.visibility;

  const choose = (visibility: ResultVisibility) => {
    if (visibility === shown) return;
    setConfirmed(false);
    save.mutate(visibility, { onSuccess: () => setConfirmed(true) });
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="@container rounded-xl border bg-card p-5 shadow-sm sm:p-6">
      <Heading id={`${id}-heading`} className="text-lg font-semibold">
        {heading ?? consent.organisation_name}
      </Heading>
      <fieldset className="mt-4" disabled={save.isPending} aria-describedby={`${id}-status`}>
        <legend className="text-sm font-medium">{t('teamInsights.consent.legend', { organisation: consent.organisation_name })}</legend>
        <div className="mt-3 grid gap-3 @md:grid-cols-2">
          {resultVisibilities.map((visibility) => (
            <label
              key={visibility}
              className={cn(
                'flex cursor-pointer gap-3 rounded-lg border p-4 transition-colors hover:bg-accent/50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                shown === visibility && 'border-primary bg-accent/40',
              )}
            >
              <input type="radio" name={`${id}-visibility`} value={visibility} checked={shown === visibility} onChange={() => choose(visibility)} className="mt-1 size-4 accent-primary" />
              <span className="grid gap-1">
                <span className="text-sm font-semibold">{t(`teamInsights.consent.options.${visibility}.label`)}</span>
                <span className="text-sm text-muted-foreground">
                  {visibility === 'individual' && !individualOffered ? t('teamInsights.consent.options.individual.notOffered') : t(`teamInsights.consent.options.${visibility}.description`)}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div id={`${id}-status`} className="mt-3 min-h-6">
        {save.isPending && (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner />
            {t('teamInsights.consent.saving')}
          </p>
        )}
        {confirmed && !save.isPending && <FormAlert tone="success">{teamInsightMessages.consentSaved}</FormAlert>}
        {save.isError && <FormAlert>{save.error.message}</FormAlert>}
      </div>
      <AudienceList consent={consent} headingLevel={headingLevel === 2 ? 3 : 4} />
    </section>
  );
}
