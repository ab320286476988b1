import { useId, useMemo, useState } from 'react';
import type { Basket } from '@app/contract/basket';
import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { countryName, countryOptions } from '@/lib/countries';
import { useChooseVatCountry } from '../api/choose-vat-country';

/**
 * Issue 16: which country's VAT the summary holds and why (the buyer's choice, the saved billing
 * details, the country of birth, the browser's region or the shop's own), with a way to change
 * it. The choice prices every cart call from then on, and the checkout opens with it.
 */
export function VatCountry({ basket }: { basket: Basket }) {
  const { t } = useTranslation();
  const selectId = useId();
  const hintId = useId();
  const [changing, setChanging] = useState(false);
  const [pending, setPending] = useState<string | null>(null);
  const chooseCountry = useChooseVatCountry();
  const countries = useMemo(() => countryOptions(), []);
  const { code, source } = basket.vat_country;
  const name = countryName(code);

  const choose = async (country: string) => {
    if (country === '' || country === code) return;
    setPending(country);
    await chooseCountry(country);
    setPending(null);
  };

  return (
    <div className="grid gap-2 rounded-lg bg-muted/50 px-3 py-2.5 text-sm">
      <div className="flex items-start justify-between gap-3">
        <p className="flex min-w-0 items-start gap-2">
          <Globe aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <span>
            <span className="font-medium">{t('basket.summary.vatCountry', { country: name })}</span>
            <span className="text-muted-foreground"> · {t(`basket.summary.vatCountrySource.${source}`)}</span>
          </span>
        </p>
        {!changing && (
          <Button type="button" variant="link" size="sm" className="h-auto shrink-0 p-0" aria-label={t('basket.summary.changeCountryLabel', { country: name })} onClick={() => setChanging(true)}>
            {t('basket.summary.changeCountry')}
          </Button>
        )}
      </div>
      {changing && (
        <div className="grid gap-2">
          <Label htmlFor={selectId}>{t('basket.summary.countryLabel')}</Label>
          <div className="flex gap-2">
            <NativeSelect id={selectId} className="flex-1" value={pending ?? code} aria-describedby={hintId} disabled={pending !== null} onChange={(event) => void choose(event.target.value)}>
              {countries.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </NativeSelect>
            <Button type="button" variant="outline" onClick={() => setChanging(false)}>
              {t('basket.summary.countryDone')}
            </Button>
          </div>
          <p id={hintId} className="text-xs text-muted-foreground">
            {t('basket.summary.countryHint')}
          </p>
          {pending !== null && (
            <p role="status" className="flex items-center gap-2 text-xs text-muted-foreground">
              <Spinner />
              {t('basket.summary.updatingCountry', { country: countryName(pending) })}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
