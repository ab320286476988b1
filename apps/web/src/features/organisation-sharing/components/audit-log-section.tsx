import type { AuditEntryView } from '@app/contract/organisation-shares';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { auditLogPageSize, useAuditLog } from '../api/audit-log';
import { formatDateTime } from '../lib/format';
import { LoadFailed, Loading } from '@/components/page-states';

/** What changed in an edit: "position title: Carpenter → Lead carpenter". */
function Changes({ entry }: { entry: AuditEntryView }) {
  const { t } = useTranslation();
  if (!entry.details) return null;
  return (
    <ul className="mt-1 text-xs text-muted-foreground">
      {Object.entries(entry.details).map(([field, change]) => (
        <li key={field}>
          {t(`organisationSharing.fields.${field}`, { defaultValue: field })}: {change.from ?? '—'} → {change.to ?? '—'}
        </li>
      ))}
    </ul>
  );
}

/** The client's audit log, newest first, a page at a time. */
export function AuditLogSection({ clientId }: { clientId: string }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const log = useAuditLog(clientId, page);
  const pages = Math.max(1, Math.ceil((log.data?.meta.total ?? 0) / auditLogPageSize));

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('organisationSharing.sharing.auditHeading')}</CardTitle>
        <CardDescription>{t('organisationSharing.sharing.auditDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {log.isPending && <Loading />}
        {log.isError && <LoadFailed message={t('organisationSharing.loadFailed')} retry={() => void log.refetch()} />}
        {log.data?.data.length === 0 && <p className="text-sm text-muted-foreground">{t('organisationSharing.sharing.auditEmpty')}</p>}
        {/* On a phone the table scrolls sideways rather than squeezing its columns; focusable so a keyboard can scroll it. */}
        {log.data && log.data.data.length > 0 && (
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('organisationSharing.sharing.auditHeading')}>
            <table className="w-full min-w-[40rem] text-left text-sm">
              <caption className="sr-only">{t('organisationSharing.sharing.auditHeading')}</caption>
              <thead className="text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">{t('organisationSharing.sharing.auditWhen')}</th>
                  <th scope="col" className="py-2 pr-4 font-medium">{t('organisationSharing.sharing.auditWho')}</th>
                  <th scope="col" className="py-2 pr-4 font-medium">{t('organisationSharing.sharing.auditWhat')}</th>
                  <th scope="col" className="py-2 font-medium">{t('organisationSharing.sharing.auditOnWhom')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {log.data.data.map((entry) => (
                  <tr key={entry.id} className="align-top">
                    <td className="py-2 pr-4 whitespace-nowrap">{formatDateTime(entry.created_at, i18n.language)}</td>
                    <td className="py-2 pr-4">{t('organisationSharing.sharing.auditBy', { name: entry.actor_name, organisation: entry.actor_organisation_name })}</td>
                    <td className="py-2 pr-4">
                      {t(`organisationSharing.actions.${entry.action}`)}
                      <Changes entry={entry} />
                    </td>
                    <td className="py-2 [overflow-wrap:anywhere]">{entry.subject}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {pages > 1 && (
          <div className="flex items-center gap-2">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('organisationSharing.sharing.previous')}
            </Button>
            <span className="text-sm text-muted-foreground">{t('organisationSharing.sharing.pageOf', { page, pages })}</span>
            <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {t('organisationSharing.sharing.next')}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
