import { Plus, Trash2 } from 'lucide-react';
import { get, useFieldArray, useFormContext, type FieldError as HookFieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EmailField } from '@/components/email-field';
import { TextField } from '@/components/text-field';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { translateValidationMessage } from '@/lib/validation-message';
import { emptyEmployee, emptyPortfolioCompany, emptyUser, type WizardValues } from '../lib/wizard-form';

// Step 2's lists with Add and Remove row buttons (spec 3 and 5): each list a fieldset with its
// legend, each row a group named by its number, the list's own message ('The list cannot be
// empty', 'Add at least 3 employees') under the legend.

type ListName = 'users' | 'employees' | 'portfolio_companies';

interface ColumnSpec {
  key: string;
  labelKey: string;
  email?: boolean;
  autoComplete?: string;
}

const lists: Record<ListName, { textKey: string; columns: ColumnSpec[]; newRow: () => object }> = {
  users: {
    textKey: 'users',
    columns: [
      { key: 'position_title', labelKey: 'positionTitle', autoComplete: 'off' },
      { key: 'full_name', labelKey: 'fullName', autoComplete: 'off' },
      { key: 'email', labelKey: 'email', email: true, autoComplete: 'off' },
    ],
    newRow: emptyUser,
  },
  employees: {
    textKey: 'employees',
    columns: [
      { key: 'position_title', labelKey: 'positionTitle', autoComplete: 'off' },
      { key: 'name', labelKey: 'name', autoComplete: 'off' },
      { key: 'email', labelKey: 'email', email: true, autoComplete: 'off' },
    ],
    newRow: emptyEmployee,
  },
  portfolio_companies: {
    textKey: 'portfolioCompanies',
    columns: [
      { key: 'company_name', labelKey: 'companyName', autoComplete: 'off' },
      { key: 'representative_email', labelKey: 'representativeEmail', email: true, autoComplete: 'off' },
    ],
    newRow: emptyPortfolioCompany,
  },
};

export function PeopleListFieldset({ list }: { list: ListName }) {
  const { t } = useTranslation();
  const {
    register,
    control,
    clearErrors,
    formState: { errors },
  } = useFormContext<WizardValues>();
  // The three lists share one shape for this component: rows of strings by column.
  const { fields, append, remove } = useFieldArray({ control, name: `details.${list}` as 'details.users' });
  const { textKey, columns, newRow } = lists[list];
  const text = (key: string, values?: Record<string, unknown>) => t(`organisations.lists.${textKey}.${key}`, values);
  const baseId = `organisation-${list.replace('_', '-')}`;
  const listError = translateValidationMessage((get(errors, `details.${list}.root`) as HookFieldError | undefined)?.message, t);
  const listErrorId = `${baseId}-error`;
  const wide = columns.length === 3;

  return (
    <fieldset aria-describedby={listError ? `${listErrorId} ${baseId}-hint` : `${baseId}-hint`} className="grid gap-3">
      <legend className="text-base font-semibold">{text('legend')}</legend>
      <p id={`${baseId}-hint`} className="-mt-1 text-sm text-muted-foreground">
        {text('hint')}
      </p>
      <FieldError id={listErrorId}>{listError}</FieldError>
      {fields.length > 0 && (
        <ol className="grid gap-3">
          {fields.map((field, index) => {
            const number = index + 1;
            const rowId = `${baseId}-${index}`;
            return (
              <li key={field.id}>
                <fieldset className="grid gap-3 rounded-lg border bg-card p-3 sm:p-4">
                  <legend className="sr-only">{text('row', { number })}</legend>
                  <div className="flex items-center justify-between gap-2">
                    <span aria-hidden="true" className="text-sm font-medium text-muted-foreground">
                      {text('row', { number })}
                    </span>
                    <Button type="button" variant="ghost" size="sm" className="text-muted-foreground hover:text-destructive" aria-label={text('remove', { number })} onClick={() => remove(index)}>
                      <Trash2 aria-hidden="true" />
                      <span aria-hidden="true">{t('organisations.lists.remove')}</span>
                    </Button>
                  </div>
                  <div className={wide ? 'grid gap-3 sm:grid-cols-3' : 'grid gap-3 sm:grid-cols-2'}>
                    {columns.map((column) => {
                      const name = `details.${list}.${index}.${column.key}` as 'details.users.0.email';
                      const error = translateValidationMessage((get(errors, name) as HookFieldError | undefined)?.message, t);
                      const id = `${rowId}-${column.key.replaceAll('_', '-')}`;
                      const Field = column.email ? EmailField : TextField;
                      return <Field key={column.key} id={id} label={text(column.labelKey)} autoComplete={column.autoComplete} error={error} {...register(name)} />;
                    })}
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          data-list-error={listError ? true : undefined}
          aria-describedby={listError ? listErrorId : undefined}
          onClick={() => {
            clearErrors(`details.${list}.root` as 'details.users');
            append(newRow() as WizardValues['details']['users'][number]);
          }}
        >
          <Plus aria-hidden="true" />
          {text('add')}
        </Button>
      </div>
    </fieldset>
  );
}
