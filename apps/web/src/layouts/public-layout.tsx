import { Outlet } from 'react-router';
import { PublicDocumentLayout } from './public/public-document-layout';

/** The shell of the public documents (privacy policy, terms of service). */
export function PublicLayout() {
  return (
    <PublicDocumentLayout>
      <Outlet />
    </PublicDocumentLayout>
  );
}
