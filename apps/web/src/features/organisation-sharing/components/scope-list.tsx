import type { ShareScope } from '@app/contract/organisation-shares';
import { useTranslation } from 'react-i18next';

/** What a share lets the expert do, in words. */
export function ScopeList({ scope }: { scope: readonly ShareScope[] }) {
  const { t } = useTranslation();
  return (
    <ul className="list-disc space-y-0.5 pl-5 text-sm text-muted-foreground">
      {scope.map((entry) => (
        <li key={entry}>{t(`organisationSharing.scopes.${entry}`)}</li>
      ))}
    </ul>
  );
}
