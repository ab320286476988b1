import { useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DateInput } from '@/components/date-input';
import { TimeInput } from '@/components/time-input';
import { buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Label } from '@/components/ui/label';
import { PendingButton } from '@/components/ui/pending-button';
import { returnPathParam, safeReturnPath, takeReturnPathAfterRegistration } from '@/lib/return-path';
import { sessionStore } from '@/lib/session-store';
import { toast } from '@/lib/toast';
import { useNavigateTo } from '@/lib/use-navigate-to';
import { useSession } from '@/lib/use-session';
import { saveBirthDetails } from '../../birth-details/api/save-birth-details';
import {
  birthDetailsResolver,
  birthErrorTarget,
  birthFormFieldOrder,
  formValuesFromBirthDetails,
  toBirthDetailsRequest,
  translateBirthMessage,
  type BirthDetailsFormValues,
  type BirthErrorTarget,
  type BirthFormField,
} from '../../birth-details/birth-details-form';
import { LocationSearch } from '../../birth-details/components/location-search';
import '../birth-details-texts';

const dateId = 'birth-date';
const timeId = 'birth-time';
const placeId = 'birth-place';

/** The element that takes the focus for each field (the first invalid one on submit). */
const focusTargetOf: Record<BirthFormField | BirthErrorTarget, string> = {
  day: `${dateId}-day`,
  month: `${dateId}-month`,
  year: `${dateId}-year`,
  date: `${dateId}-day`,
  hour: `${timeId}-hour`,
  minute: `${timeId}-minute`,
  period: `${timeId}-period-am`,
  time: `${timeId}-hour`,
  time_unknown: `${timeId}-unknown`,
  location: placeId,
};

function focusById(id: string) {
  document.getElementById(id)?.focus();
}

type GroupErrors = { date?: string; time?: string };

/**
 * RegisterFinish ('Complete Profile', route signup-data): birth date, 12-hour birth time (or "I
 * don't know"), and birth place, saved with PUT /api/user/birth-details. Prefilled when the
 * account already has birth details, so the same page edits them. Opened from Settings (with the
 * page to return to in `?redirect=`), it is an edit there: 'Save' and Cancel, and back to
 * Settings with a 'Saved' toast; in the registration it is 'Save and continue' to the dashboard,
 * or to the page the sign-up was for (an invitation) once the address is verified too.
 */
export function SignupDataPage() {
  const { t } = useTranslation();
  const navigateTo = useNavigateTo();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const returnTo = safeReturnPath(searchParams.get(returnPathParam));
  const { user } = useSession();
  const editing = Boolean(user?.birth_details?.birth_date);
  const [formError, setFormError] = useState<string | null>(null);
  // Messages about a whole date or time (a date in the future, the server's birth_date/birth_time).
  const [groupErrors, setGroupErrors] = useState<GroupErrors>({});

  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<BirthDetailsFormValues>({
    resolver: birthDetailsResolver,
    defaultValues: formValuesFromBirthDetails(user?.birth_details ?? null),
    shouldFocusError: false,
  });
  const timeUnknown = useWatch({ control, name: 'time_unknown' });

  const message = (text: string | undefined) => translateBirthMessage(text, t);

  const showServerErrors = (fieldErrors: Record<string, string[]>, fallback: string | null) => {
    const next: GroupErrors = {};
    const targets = new Set<BirthErrorTarget>();
    const unplaced: string[] = [];
    for (const [field, messages] of Object.entries(fieldErrors)) {
      const text = messages[0];
      if (!text) continue;
      const target = birthErrorTarget(field);
      if (target === null) unplaced.push(text);
      else if (!targets.has(target)) {
        targets.add(target);
        if (target === 'location') setError('location', { type: 'server', message: text });
        else next[target] = text;
      }
    }
    setGroupErrors(next);
    if (unplaced.length > 0 || targets.size === 0) setFormError(unplaced[0] ?? fallback);
    const first = (['date', 'time', 'location'] as const).find((target) => targets.has(target));
    if (first) focusById(focusTargetOf[first]);
  };

  const onInvalid = (fieldErrors: FieldErrors<BirthDetailsFormValues>) => {
    setGroupErrors({});
    const first = birthFormFieldOrder.find((field) => fieldErrors[field] !== undefined);
    if (first) focusById(focusTargetOf[first]);
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setGroupErrors({});
    if (values.location === null) return;
    const request = toBirthDetailsRequest(values, values.location);
    if (!request.success) {
      // The parts are valid but the whole is not (a birth date in the future): same path as the server's 422.
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of request.error.issues) {
        const field = String(issue.path[0] ?? '');
        (fieldErrors[field] ??= []).push(issue.message);
      }
      showServerErrors(fieldErrors, t('global.genericError'));
      return;
    }

    const result = await saveBirthDetails(request.data);
    if (result.data !== null) {
      sessionStore.setUser(result.data);
      if (returnTo !== null) {
        void toast.success(t('pages.signupData.savedTitle'), { description: t('pages.signupData.saved') });
        await navigate(returnTo);
        return;
      }
      void toast.success(t('pages.signupData.saved'));
      const after = takeReturnPathAfterRegistration(result.data);
      if (after !== null) await navigate(after);
      else await navigateTo('dashboard');
      return;
    }
    // Spec section 5: a 422's field errors go under their fields.
    if (result.errors) showServerErrors(result.errors, result.error);
    else setFormError(result.error ?? t('global.genericError'));
  }, onInvalid);

  const timeErrors = timeUnknown
    ? {}
    : { hour: message(errors.hour?.message), minute: message(errors.minute?.message), period: message(errors.period?.message) };

  return (
    <div className="mx-auto w-full max-w-2xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">{editing ? t('pages.signupData.editHeading') : t('pages.signupData.heading')}</h1>
        <p className="text-sm text-muted-foreground">{t('pages.signupData.description')}</p>
      </div>

      <FormAlert>{formError}</FormAlert>

      <Card>
        <form onSubmit={onSubmit} noValidate aria-label={t('pages.signupData.formLabel')}>
          <div className="divide-y">
            <div className="p-5 sm:p-6">
              <DateInput
                id={dateId}
                legend={t('pages.signupData.birthDate')}
                description={t('pages.signupData.birthDateHint')}
                birthday
                inputs={{
                  day: register('day'),
                  month: register('month', { deps: ['day'] }),
                  year: register('year', { deps: ['day'] }),
                }}
                errors={{ day: message(errors.day?.message), month: message(errors.month?.message), year: message(errors.year?.message) }}
                error={message(groupErrors.date)}
              />
            </div>

            <div className="p-5 sm:p-6">
              <TimeInput
                id={timeId}
                legend={t('pages.signupData.birthTime')}
                description={t('pages.signupData.birthTimeHint')}
                disabled={timeUnknown}
                inputs={{ hour: register('hour'), minute: register('minute'), period: register('period') }}
                errors={timeErrors}
                error={timeUnknown ? undefined : message(groupErrors.time)}
              >
                <div className="flex items-start gap-2.5 pt-1">
                  <input
                    id={focusTargetOf.time_unknown}
                    type="checkbox"
                    className="mt-0.5 size-4 shrink-0 cursor-pointer rounded border-input accent-primary"
                    {...register('time_unknown', {
                      onChange: () => {
                        clearErrors(['hour', 'minute', 'period']);
                        setGroupErrors((current) => ({ ...current, time: undefined }));
                      },
                    })}
                  />
                  <div className="grid gap-1">
                    <Label htmlFor={focusTargetOf.time_unknown} className="cursor-pointer leading-5 font-normal">
                      {t('pages.signupData.timeUnknown')}
                    </Label>
                    {timeUnknown && <p className="text-xs text-muted-foreground">{t('pages.signupData.timeUnknownHint')}</p>}
                  </div>
                </div>
              </TimeInput>
            </div>

            <div className="grid gap-3 p-5 sm:p-6">
              <div className="grid gap-1">
                <Label htmlFor={placeId} className="font-semibold">
                  {t('pages.signupData.birthPlace')}
                </Label>
                <p className="text-sm text-muted-foreground">{t('pages.signupData.birthPlaceHint')}</p>
              </div>
              <Controller
                control={control}
                name="location"
                render={({ field }) => (
                  <LocationSearch
                    id={placeId}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    error={message(errors.location?.message)}
                    placeholder={t('locationSearch.placeholder')}
                  />
                )}
              />
            </div>
          </div>

          <div className="flex flex-col-reverse gap-3 rounded-b-xl border-t bg-muted/30 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
            <p className="text-xs text-muted-foreground">{t('pages.signupData.privacy')}</p>
            {returnTo !== null ? (
              <div className="flex flex-col-reverse gap-2 sm:flex-row">
                <Link to={returnTo} className={buttonClassName({ variant: 'outline', className: 'w-full sm:w-auto' })}>
                  {t('pages.signupData.cancel')}
                </Link>
                <PendingButton type="submit" className="w-full sm:w-auto" pending={isSubmitting} pendingLabel={t('pages.signupData.submitting')}>
                  {t('pages.signupData.save')}
                </PendingButton>
              </div>
            ) : (
              <PendingButton type="submit" className="w-full sm:w-auto" pending={isSubmitting} pendingLabel={t('pages.signupData.submitting')}>
                {editing ? t('pages.signupData.saveChanges') : t('pages.signupData.submit')}
              </PendingButton>
            )}
          </div>
        </form>
      </Card>
    </div>
  );
}
