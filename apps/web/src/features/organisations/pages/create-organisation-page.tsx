import type { Account } from '@app/contract/account';
import type { OrganisationOffer } from '@app/contract/organisation-pricing';
import { organisationMessages, wizardSteps, type Organisation, type WizardStep } from '@app/contract/organisations';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { PendingButton } from '@/components/ui/pending-button';
import { Loading } from '@/components/page-states';
import { browserCountry, isListedCountry } from '@/lib/countries';
import { organisationsRootKey } from '@/lib/organisation-list';
import { useSession } from '@/lib/use-session';
import { createOrganisation } from '../api/create-organisation';
import { organisationDraftQueryOptions, useOrganisationDraft, type SavedDraft } from '../api/get-organisation-draft';
import { useOrganisationOffer } from '../api/get-organisation-offer';
import { saveOrganisationDraft } from '../api/save-organisation-draft';
import { TypeStep } from '../components/type-step';
import { WizardStepIndicator } from '../components/wizard-step-indicator';
import { draftOf, restoreDraft } from '../lib/wizard-draft';
import {
  createOrganisationInput,
  formFieldOfServerField,
  initialWizardValues,
  planFor,
  prefillBilling,
  stepOfServerField,
  wizardResolver,
  type WizardValues,
} from '../lib/wizard-form';
import '../organisations-texts';

// The first step comes with the page; the others, and the created organisation, when reached
// (or when a saved draft reopens on them): 4-5 KB less on the page's first load.
const DetailsStep = lazy(() => import('../components/details-step').then((module) => ({ default: module.DetailsStep })));
const PlanStep = lazy(() => import('../components/plan-step').then((module) => ({ default: module.PlanStep })));
const OrganisationCreated = lazy(() => import('../components/organisation-created').then((module) => ({ default: module.OrganisationCreated })));

/** organization.create (spec 2 "Organisation creation"): three steps with Back and Next, then the created organisation. */
export function CreateOrganisationPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const offer = useOrganisationOffer();
  const draft = useOrganisationDraft(user?.id ?? null);
  const [created, setCreated] = useState<Organisation | null>(null);

  let content;
  if (created) {
    content = (
      <Suspense fallback={<WizardLoading />}>
        <OrganisationCreated organisation={created} />
      </Suspense>
    );
  } else if (offer.isError || draft.isError) {
    content = (
      <FormAlert className="max-w-md">
        <p>{t('organisations.create.loadFailed')}</p>
        <Button
          variant="outline"
          size="sm"
          className="mt-2"
          onClick={() => {
            void offer.refetch();
            void draft.refetch();
          }}
        >
          {t('organisations.create.retry')}
        </Button>
      </FormAlert>
    );
  } else if (!user || offer.data === undefined || draft.data === undefined) {
    content = <WizardLoading />;
  } else {
    content = <OrganisationWizard offer={offer.data} draft={draft.data} user={user} onCreated={setCreated} />;
  }

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t('organisations.create.heading')}</h1>
        {!created && <p className="text-muted-foreground">{t('organisations.create.description')}</p>}
      </div>
      {content}
    </div>
  );
}

/** The billing country the wizard opens with: the country of birth, else the browser's. */
function openingCountry(user: Account): string {
  const birthCountry = user.birth_details?.country_code ?? '';
  return isListedCountry(birthCountry) ? birthCountry : browserCountry();
}

type DraftStatus = 'idle' | 'saved' | 'failed';

/** Typing is kept this long after the last change (issue 12: a reload keeps what was entered). */
const autosaveDelayMs = 1500;
/** Browsers refuse keepalive requests whose bodies pass 64 KB (all pending ones together). */
const keepaliveBodyLimit = 60_000;

interface WizardProps {
  offer: OrganisationOffer;
  draft: SavedDraft | null;
  user: Account;
  onCreated(organisation: Organisation): void;
}

function OrganisationWizard({ offer, draft, user, onCreated }: WizardProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [initial] = useState(() => {
    const empty = initialWizardValues(offer, { email: user.email, country: openingCountry(user) });
    return draft ? restoreDraft(draft, empty) : { step: 'type' as const, values: empty };
  });
  const [step, setStep] = useState<WizardStep>(initial.step);
  // The resolver checks the step the user is on: read when it runs, not when the form was made.
  const currentStep = useRef<WizardStep>(initial.step);
  const resolver = useCallback<Resolver<WizardValues>>((values, _context, options) => wizardResolver(values, { step: currentStep.current, offer }, options), [offer]);
  const form = useForm<WizardValues>({ resolver, defaultValues: initial.values, mode: 'onTouched', shouldFocusError: false });
  const { handleSubmit, getValues, setValue, setError, reset, formState } = form;

  const [draftStatus, setDraftStatus] = useState<DraftStatus>('idle');
  const [formError, setFormError] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<{ errors: Record<string, string[]>; message: string | null } | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  // The contract's creation_key: one per submission of this wizard, so a retried submit never makes two.
  const creationKey = useRef<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const stepContainer = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);

  // The focus follows the step: its heading is read first (not when the page opens: the page's
  // own heading and the skip link come first then).
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    heading.current?.focus();
  }, [step]);

  // After a refused Next or submit: the first field in error, or the Add button of a list that is too short.
  // react-hook-form shows a refused step's errors once onInvalid has returned, in a render after
  // the one that asks for the focus: the field is looked for a frame later, when both are painted;
  // and only once the step's code has arrived (a server 422 may open a step not loaded yet).
  const [loadedStep, setLoadedStep] = useState<WizardStep | null>(null);
  const focusedRequest = useRef(0);
  useEffect(() => {
    if (focusRequest === focusedRequest.current || loadedStep !== step) return;
    const frame = requestAnimationFrame(() => {
      focusedRequest.current = focusRequest;
      stepContainer.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-list-error="true"]')?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [focusRequest, loadedStep, step]);

  // The draft is saved on Next and Back, and while the user types (a reload in the middle of a
  // step keeps what was typed); never again once the organisation exists, as the server forgot it.
  const autosave = useRef<ReturnType<typeof setTimeout> | null>(null);
  const finished = useRef(false);
  const cancelAutosave = () => {
    if (autosave.current !== null) clearTimeout(autosave.current);
    autosave.current = null;
  };
  const saveDraft = async (target: WizardStep, leaving = false) => {
    cancelAutosave();
    if (finished.current) return;
    const draft = draftOf(target, getValues());
    // A page going away cuts its requests off unless they are keepalive, which browsers allow
    // only for small bodies: a long description is sent the ordinary way and may not arrive.
    const keepalive = leaving && JSON.stringify(draft).length < keepaliveBodyLimit;
    const result = await saveOrganisationDraft(draft, { keepalive });
    setDraftStatus(result.error === null ? 'saved' : 'failed');
  };
  const saveDraftRef = useRef(saveDraft);
  saveDraftRef.current = saveDraft;
  useEffect(() => {
    const subscription = form.watch(() => {
      if (finished.current) return;
      if (autosave.current !== null) clearTimeout(autosave.current);
      autosave.current = setTimeout(() => void saveDraftRef.current(currentStep.current), autosaveDelayMs);
    });
    // The tab closing or reloading with typing not yet kept: keep it now, on a request that outlives the page.
    const onPageHide = () => {
      if (autosave.current !== null) void saveDraftRef.current(currentStep.current, true);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('pagehide', onPageHide);
      // Leaving the wizard for another page of the app with typing not yet kept: keep it now.
      if (autosave.current !== null) void saveDraftRef.current(currentStep.current);
    };
  }, [form]);

  const goTo = (target: WizardStep) => {
    currentStep.current = target;
    // A fresh step: its fields are checked when left or submitted, not while first typed into.
    // The values stay as they are (the lists keep their rows, so a focused row is not replaced).
    reset(undefined, { keepValues: true, keepDefaultValues: true });
    setFormError(null);
    setStep(target);
  };

  // A server 422: the first step with an error opens, and each message lands under its field and row.
  useEffect(() => {
    if (serverErrors === null) return;
    const leftover: string[] = [];
    let applied = 0;
    for (const [field, messages] of Object.entries(serverErrors.errors)) {
      const message = messages[0];
      if (!message) continue;
      const path = stepOfServerField(field) === step ? formFieldOfServerField(field, getValues()) : null;
      if (path) {
        setError(path as FieldPath<WizardValues>, { type: 'server', message });
        applied += 1;
      } else if (stepOfServerField(field) === null) leftover.push(message);
    }
    // What no field of this step explains is said above the buttons.
    if (leftover.length > 0 || applied === 0) setFormError(leftover[0] ?? serverErrors.message ?? t('global.genericError'));
    setServerErrors(null);
    setFocusRequest((count) => count + 1);
  }, [serverErrors, step, getValues, setError, t]);

  // A refused Next keeps what was typed all the same.
  const onInvalid = () => {
    setFocusRequest((count) => count + 1);
    void saveDraft(currentStep.current);
  };

  const next = handleSubmit(() => {
    const target: WizardStep = step === 'type' ? 'details' : 'plan';
    if (target === 'plan') {
      const values = getValues();
      // Prefilled from step 2 once: what the user then changes in step 3 stays theirs.
      if (!values.billing_prefilled) {
        setValue('billing_details', prefillBilling(values));
        setValue('billing_prefilled', true);
      }
      setValue('plan', planFor(values.type, values.plan));
    }
    goTo(target);
    void saveDraft(target);
  }, onInvalid);

  const back = () => {
    const target = wizardSteps[wizardSteps.indexOf(step) - 1];
    if (!target) return;
    goTo(target);
    void saveDraft(target);
  };

  const submit = handleSubmit(async () => {
    setFormError(null);
    cancelAutosave();
    creationKey.current ??= crypto.randomUUID();
    const result = await createOrganisation(createOrganisationInput(getValues(), creationKey.current));
    if (result.data !== null) {
      finished.current = true;
      // The server forgot the draft with the submit; the profile switcher lists the new organisation.
      queryClient.removeQueries({ queryKey: organisationDraftQueryOptions(user.id).queryKey });
      void queryClient.invalidateQueries({ queryKey: organisationsRootKey });
      onCreated(result.data.data);
      return;
    }
    if (result.status === 422 && result.errors) {
      const first = wizardSteps.find((candidate) => Object.keys(result.errors ?? {}).some((field) => stepOfServerField(field) === candidate));
      if (first && first !== step) goTo(first);
      setServerErrors({ errors: result.errors, message: result.error });
      return;
    }
    // spec 8: a 400 says why ('Organization name is not defined in formData!'); anything else its translated message.
    setFormError(result.error ?? t('global.genericError'));
  }, onInvalid);

  const stepNumber = wizardSteps.indexOf(step) + 1;
  const last = step === 'plan';

  return (
    <FormProvider {...form}>
      <form onSubmit={last ? submit : next} noValidate className="space-y-6">
        <WizardStepIndicator step={step} />
        {draft !== null && draftStatus === 'idle' && <FormAlert tone="info">{t('organisations.create.restored')}</FormAlert>}
        <div ref={stepContainer} className="space-y-6">
          <div className="space-y-1">
            <p className="text-sm font-medium text-muted-foreground">{t('organisations.steps.progress', { current: stepNumber, total: wizardSteps.length })}</p>
            <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold tracking-tight outline-none">
              {t(`organisations.steps.${step}`)}
            </h2>
          </div>
          <Suspense fallback={<WizardLoading />}>
            {step === 'type' && <TypeStep offer={offer} />}
            {step === 'details' && <DetailsStep />}
            {step === 'plan' && <PlanStep offer={offer} />}
            <StepShown step={step} onShown={setLoadedStep} />
          </Suspense>
        </div>

        <FormAlert>{formError}</FormAlert>
        <div className="flex flex-col-reverse gap-3 border-t pt-6 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-center gap-3">
            {step !== 'type' && (
              <Button type="button" variant="outline" onClick={back} disabled={formState.isSubmitting}>
                {t('organisations.create.back')}
              </Button>
            )}
            <DraftStatusText status={draftStatus} />
          </div>
          {last ? (
            <PendingButton type="submit" size="lg" pending={formState.isSubmitting} pendingLabel={t('organisations.create.submitting')}>
              {t('organisations.create.submit')}
            </PendingButton>
          ) : (
            <Button type="submit" size="lg">
              {t('organisations.create.next')}
            </Button>
          )}
        </div>
      </form>
    </FormProvider>
  );
}

function DraftStatusText({ status }: { status: DraftStatus }) {
  const { t } = useTranslation();
  const text =
    status === 'saved' ? t('organisations.create.draftSaved', { defaultValue: organisationMessages.draftSaved }) : status === 'failed' ? t('organisations.create.draftNotSaved') : '';
  return (
    <p role="status" className={status === 'failed' ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}>
      {text}
    </p>
  );
}

function WizardLoading() {
  const { t } = useTranslation();
  return <Loading label={t('organisations.create.loading')} />;
}

/** Says which step is on screen, once its code has loaded (it renders with the step, after the Suspense). */
function StepShown({ step, onShown }: { step: WizardStep; onShown: (step: WizardStep) => void }) {
  useEffect(() => onShown(step), [step, onShown]);
  return null;
}
